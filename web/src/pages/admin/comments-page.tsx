import { Box, Button, Container, Heading, HStack, Stack, Text } from '@chakra-ui/react';
import { Trash2 } from 'lucide-react';
import { useDeferredValue, useMemo, useState } from 'react';
import { useAdminComments } from '../../api/admin-comments.ts';
import { LoadError } from '../../components/load-error.tsx';
import { useDocumentTitle } from '../../lib/use-document-title.ts';
import { CommentDeleteDialog, type CommentDeletion } from './comments/comment-delete-dialog.tsx';
import {
  filterComments,
  selectAllState,
  selectedShown,
  toggleAll,
  toggleOne,
} from './comments/comments-filter.ts';
import { CommentsTable } from './comments/comments-table.tsx';
import { SearchInput } from './shell/search-input.tsx';

/** „Zarządzanie komentarzami” (spec §2): search, select, delete one or many. */
export function AdminCommentsPage() {
  useDocumentTitle('Zarządzanie komentarzami');
  const { comments, error, isLoading } = useAdminComments();
  const [search, setSearch] = useState('');
  const deferredSearch = useDeferredValue(search);
  const [selected, setSelected] = useState<Set<number>>(new Set());
  const [deletion, setDeletion] = useState<CommentDeletion | null>(null);

  const shown = useMemo(() => filterComments(comments ?? [], deferredSearch), [comments, deferredSearch]);
  const shownIds = shown.map((comment) => comment.id);
  const toDelete = selectedShown(shownIds, selected);
  const emptyText =
    (comments?.length ?? 0) === 0
      ? 'Brak komentarzy w systemie'
      : 'Nie znaleziono komentarzy spełniających kryteria wyszukiwania';

  return (
    <Container maxW="7xl" py={{ base: '6', md: '10' }}>
      <Stack gap="6">
        <Heading as="h1" fontSize={{ base: '2xl', md: '3xl' }} letterSpacing="-0.02em">
          Zarządzanie komentarzami
        </Heading>
        <HStack gap="3" flexWrap="wrap" justify="space-between">
          <Box flex="1" minWidth="60" maxWidth="md">
            <SearchInput
              value={search}
              onChange={setSearch}
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

        {error ? (
          <LoadError title="Nie udało się pobrać komentarzy" error={error} />
        ) : isLoading ? (
          <Text color="fg.muted" role="status">
            Ładowanie komentarzy...
          </Text>
        ) : (
          <CommentsTable
            comments={shown}
            emptyText={emptyText}
            selected={selected}
            allState={selectAllState(shownIds, selected)}
            onToggleAll={(checked) => setSelected((current) => toggleAll(shownIds, current, checked))}
            onToggle={(id, checked) => setSelected((current) => toggleOne(current, id, checked))}
            onDelete={(comment) => setDeletion({ kind: 'one', id: comment.id, author: comment.author })}
          />
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
