import type { AdminPost, PostRevision, PostRevisionSummary } from '@blog/shared';
import { authorName } from '@blog/shared/rules';
import { Box, Button, Dialog, Heading, Skeleton, Stack, Text } from '@chakra-ui/react';
import { useEffect, useState } from 'react';
import { errorMessage } from '../../../api/api-error.ts';
import { fetchRevision, restoreRevision } from '../../../api/post-revisions.ts';
import { AppDialog } from '../../../components/app-dialog.tsx';
import { LoadError } from '../../../components/load-error.tsx';
import { formatDateTime } from '../../../lib/dates.ts';
import { showError, showSuccess } from '../../../lib/toast.ts';
import { htmlToPlainText } from './post-conflict.ts';
import { diffCounts, revisionDiff } from './revision-diff.ts';

function Comparison({ revision, post }: { revision: PostRevision; post: AdminPost }) {
  const parts = revisionDiff(revision.content, post.content);
  const counts = diffCounts(parts);
  return (
    <Stack gap="2">
      <Heading as="h3" size="xs">
        Porównanie z bieżącą wersją
      </Heading>
      <Text fontSize="sm" color="fg.muted">
        Od tej wersji dodano słów: {counts.added}, usunięto: {counts.removed}. Dodane są podkreślone na
        zielono, usunięte przekreślone na czerwono.
      </Text>
      <Box
        aria-label="Porównanie z bieżącą wersją"
        role="group"
        whiteSpace="pre-wrap"
        overflowWrap="anywhere"
        fontSize="sm"
        borderWidth="1px"
        borderRadius="l2"
        p="3"
        maxH="16rem"
        overflowY="auto"
      >
        {parts.map((part, index) =>
          part.kind === 'added' ? (
            <Box as="ins" key={index} bg="green.subtle" color="green.fg">
              {part.text}
            </Box>
          ) : part.kind === 'removed' ? (
            <Box as="del" key={index} bg="red.subtle" color="red.fg">
              {part.text}
            </Box>
          ) : (
            <span key={index}>{part.text}</span>
          ),
        )}
      </Box>
    </Stack>
  );
}

/** One revision: its text, the word comparison with the current post, and „Przywróć tę wersję”. */
export function RevisionDialog({
  post,
  summary,
  onClose,
}: {
  post: AdminPost;
  summary: PostRevisionSummary;
  onClose: () => void;
}) {
  const [revision, setRevision] = useState<PostRevision | null>(null);
  const [error, setError] = useState<unknown>(null);
  const [restoring, setRestoring] = useState(false);

  useEffect(() => {
    let live = true;
    fetchRevision(post.id, summary.id).then(
      (loaded) => live && setRevision(loaded),
      (failure: unknown) => live && setError(failure),
    );
    return () => {
      live = false;
    };
  }, [post.id, summary.id]);

  const restore = async () => {
    setRestoring(true);
    try {
      await restoreRevision(post.id, summary.id, post.version);
      showSuccess('Wersja przywrócona', `Przywrócono wersję z ${formatDateTime(summary.createdAt)}.`);
      onClose();
    } catch (failure) {
      showError('Błąd', `Nie udało się przywrócić wersji: ${errorMessage(failure)}`);
    } finally {
      setRestoring(false);
    }
  };

  return (
    <AppDialog
      open
      onClose={onClose}
      title={`Wersja z ${formatDateTime(summary.createdAt)}`}
      size="lg"
      busy={restoring}
    >
      <Dialog.Body>
        {error ? (
          <LoadError title="Nie udało się pobrać wersji" error={error} />
        ) : !revision ? (
          <Skeleton height="40" />
        ) : (
          <Stack gap="4">
            <Text fontSize="sm" color="fg.muted" overflowWrap="anywhere">
              Zapisał(a): {authorName(revision.author)} · {revision.published ? 'Opublikowany' : 'Szkic'} ·
              slug {revision.slug}
            </Text>
            <Heading as="h3" size="sm" overflowWrap="anywhere">
              {revision.title}
            </Heading>
            <Box
              aria-label="Treść tej wersji"
              role="group"
              whiteSpace="pre-wrap"
              overflowWrap="anywhere"
              fontSize="sm"
              maxH="12rem"
              overflowY="auto"
            >
              {htmlToPlainText(revision.content)}
            </Box>
            <Comparison revision={revision} post={post} />
            <Text fontSize="sm" color="fg.muted">
              Przywrócenie zapisze tę wersję jako nową (status publikacji się nie zmieni). Niezapisane zmiany
              w formularzu zostaną zastąpione.
            </Text>
          </Stack>
        )}
      </Dialog.Body>
      <Dialog.Footer>
        <Button variant="outline" onClick={onClose} disabled={restoring}>
          Zamknij
        </Button>
        <Button
          colorPalette="brand"
          onClick={() => void restore()}
          disabled={!revision}
          loading={restoring}
          loadingText="Przywracanie..."
        >
          Przywróć tę wersję
        </Button>
      </Dialog.Footer>
    </AppDialog>
  );
}
