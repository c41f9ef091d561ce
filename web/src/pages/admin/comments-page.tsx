import { COMMENT_TEXTS } from '@blog/shared/messages';
import type { AdminComment } from '@blog/shared';
import { Box, Button, Container, Heading, HStack, Stack, Text } from '@chakra-ui/react';
import { Trash2 } from 'lucide-react';
import { useEffect, useState } from 'react';
import { type AdminCommentsQuery, approveComment, useAdminComments } from '../../api/admin-comments.ts';
import { errorMessage } from '../../api/api-error.ts';
import { LoadError } from '../../components/load-error.tsx';
import { useListParams } from '../../lib/use-list-params.ts';
import { showError, showSuccess } from '../../lib/toast.ts';
import { useDocumentTitle } from '../../lib/use-document-title.ts';
import { CommentDeleteDialog, type CommentDeletion } from './comments/comment-delete-dialog.tsx';
import {
  commentsEmptyText,
  selectAllState,
  selectedShown,
  toggleAll,
  toggleOne,
} from './comments/comments-filter.ts';
import { CommentsTable } from './comments/comments-table.tsx';
import { CommentsToolbar } from './comments/comments-toolbar.tsx';
import { AdminPageLinks } from './posts/admin-page-links.tsx';
import { ListSearch } from './shell/list-search.tsx';

const FILTERS = ['q', 'status', 'sort', 'order'] as const;

/**
 * „Zarządzanie komentarzami”: search, status filter, sort and paging on the server and in the
 * URL; select, delete one or many; approve or reject the comments that wait (the approval queue).
 */
export function AdminCommentsPage() {
  useDocumentTitle('Zarządzanie komentarzami');
  const { params, page, update } = useListParams(FILTERS);
  const { page: result, error, isLoading } = useAdminComments({ ...params, page } as AdminCommentsQuery);
  const [selected, setSelected] = useState<Set<number>>(new Set());
  const [deletion, setDeletion] = useState<CommentDeletion | null>(null);
  const [approving, setApproving] = useState<number | null>(null);

  // A page past the end (the last rows deleted, an old link) shows the last page instead.
  const lastPage = result?.totalPages;
  useEffect(() => {
    if (lastPage !== undefined && page > lastPage) update({ page: lastPage }, { replace: true });
  }, [lastPage, page, update]);

  const shown = result?.items ?? [];
  const shownIds = shown.map((comment) => comment.id);
  const toDelete = selectedShown(shownIds, selected);
  const filtered = Boolean(params.q || params.status);

  async function approve(comment: AdminComment) {
    setApproving(comment.id);
    try {
      await approveComment(comment.id);
      showSuccess(COMMENT_TEXTS.approved, 'Jest już widoczny pod artykułem.');
    } catch (failure) {
      showError('Błąd podczas zatwierdzania komentarza', errorMessage(failure));
    } finally {
      setApproving(null);
    }
  }

  return (
    <Container maxW="7xl" py={{ base: '6', md: '10' }}>
      <Stack gap="6">
        <Heading as="h1" fontSize={{ base: '2xl', md: '3xl' }} letterSpacing="-0.02em">
          Zarządzanie komentarzami
        </Heading>
        <Stack gap="3">
          <HStack gap="3" flexWrap="wrap" justify="space-between">
            <Box flex="1" minWidth="60" maxWidth="md">
              <ListSearch
                value={params.q}
                onSearch={(q) => update({ q }, { replace: true })}
                placeholder="Szukaj komentarzy..."
                label="Szukaj komentarzy"
              />
            </Box>
            <Button
              colorPalette="red"
              variant="outline"
              disabled={toDelete.length === 0}
              onClick={() => setDeletion({ kind: 'many', ids: toDelete })}
            >
              <Trash2 aria-hidden="true" />
              Usuń zaznaczone ({toDelete.length})
            </Button>
          </HStack>
          <CommentsToolbar values={params} pending={result?.pending} onChange={(change) => update(change)} />
        </Stack>

        {error ? (
          <LoadError title="Nie udało się pobrać komentarzy" error={error} />
        ) : isLoading ? (
          <Text color="fg.muted" role="status">
            Ładowanie komentarzy...
          </Text>
        ) : (
          <Stack gap="4">
            <CommentsTable
              comments={shown}
              emptyText={commentsEmptyText(result?.total, filtered)}
              selected={selected}
              allState={selectAllState(shownIds, selected)}
              onToggleAll={(checked) => setSelected((current) => toggleAll(shownIds, current, checked))}
              onToggle={(id, checked) => setSelected((current) => toggleOne(current, id, checked))}
              onDelete={(comment) =>
                setDeletion({
                  kind: 'one',
                  id: comment.id,
                  author: comment.author,
                  reject: comment.status === 'pending',
                })
              }
              onApprove={(comment) => void approve(comment)}
              approving={approving}
            />
            <AdminPageLinks
              page={Math.min(page, result?.totalPages ?? 1)}
              totalPages={result?.totalPages ?? 1}
              onPageChange={(next) => update({ page: next })}
              label="Paginacja komentarzy"
            />
          </Stack>
        )}
      </Stack>
      <CommentDeleteDialog
        deletion={deletion}
        onClose={() => setDeletion(null)}
        onDeleted={(ids) =>
          setSelected((current) => {
            const next = new Set(current);
            ids.forEach((id) => next.delete(id));
            return next;
          })
        }
      />
    </Container>
  );
}
