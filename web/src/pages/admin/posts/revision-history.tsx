import type { AdminPost, PostRevisionSummary } from '@blog/shared';
import { authorName } from '@blog/shared/rules';
import { Button, Card, Heading, HStack, Skeleton, Stack, Text } from '@chakra-ui/react';
import { useState } from 'react';
import { usePostRevisions } from '../../../api/post-revisions.ts';
import { LoadError } from '../../../components/load-error.tsx';
import { formatDateTime } from '../../../lib/dates.ts';
import { RevisionDialog } from './revision-dialog.tsx';

/** „Historia zmian” of the edit screen: every save of the post, newest first, each to view, compare, restore. */
export function RevisionHistory({ post }: { post: AdminPost }) {
  const { revisions, error, isLoading } = usePostRevisions(post.id);
  const [open, setOpen] = useState<PostRevisionSummary | null>(null);
  return (
    <Card.Root size="sm" role="region" aria-label="Historia zmian">
      <Card.Header>
        <Heading as="h2" size="sm">
          Historia zmian
        </Heading>
      </Card.Header>
      <Card.Body>
        {error ? (
          <LoadError title="Nie udało się pobrać historii zmian" error={error} />
        ) : isLoading || !revisions ? (
          <Skeleton height="16" />
        ) : revisions.length === 0 ? (
          <Text fontSize="sm" color="fg.muted">
            Brak zapisanych wersji.
          </Text>
        ) : (
          <Stack as="ol" gap="2" maxH="20rem" overflowY="auto" listStyleType="none">
            {revisions.map((revision, index) => (
              <HStack as="li" key={revision.id} justify="space-between" gap="2" fontSize="sm">
                <Stack gap="0" minW="0">
                  <Text fontWeight="medium">
                    {formatDateTime(revision.createdAt)}
                    {index === 0 ? ' (bieżąca)' : ''}
                  </Text>
                  <Text color="fg.muted" truncate>
                    {authorName(revision.author)} · {revision.title}
                  </Text>
                </Stack>
                <Button
                  type="button"
                  size="xs"
                  variant="outline"
                  flexShrink="0"
                  onClick={() => setOpen(revision)}
                  aria-label={`Pokaż wersję z ${formatDateTime(revision.createdAt)}`}
                >
                  Pokaż
                </Button>
              </HStack>
            ))}
          </Stack>
        )}
      </Card.Body>
      {open && <RevisionDialog post={post} summary={open} onClose={() => setOpen(null)} />}
    </Card.Root>
  );
}
