import { ADMIN_PAGES } from '@blog/shared/addresses';
import type { AdminPostListItem } from '@blog/shared';
import { can } from '@blog/shared/policy';
import { Button, Container, Heading, HStack, Stack, Text } from '@chakra-ui/react';
import { Plus } from 'lucide-react';
import { useEffect, useState } from 'react';
import { Link as RouterLink } from 'react-router';
import { type AdminPostsQuery, useAdminPosts } from '../../api/admin-posts.ts';
import { useStaffCategories } from '../../api/admin-categories.ts';
import { useSession } from '../../api/session.ts';
import { LoadError } from '../../components/load-error.tsx';
import { useDocumentTitle } from '../../lib/use-document-title.ts';
import { AdminPageLinks } from './posts/admin-page-links.tsx';
import { PostDeleteDialog } from './posts/post-delete-dialog.tsx';
import { PostsTable } from './posts/posts-table.tsx';
import { canManagePost } from './posts/posts-filter.ts';
import { PostsBulkBar } from './posts/posts-bulk-bar.tsx';
import { PostsToolbar } from './posts/posts-toolbar.tsx';
import { ListControls, ListLoading } from './shell/list-layout.tsx';
import { useListParams } from '../../lib/use-list-params.ts';

const FILTERS = ['q', 'status', 'category', 'author', 'sort', 'order'] as const;

/**
 * „Wszystkie posty”: search, filters and 10 posts per page, all on the server and in the URL;
 * a publish switch per row.
 */
export function AdminPostsPage() {
  useDocumentTitle('Wszystkie posty');
  const { user } = useSession();
  const { params, page, update } = useListParams(FILTERS);
  const { page: result, error, isLoading } = useAdminPosts({ ...params, page } as AdminPostsQuery);
  const { categories } = useStaffCategories();
  const [toDelete, setToDelete] = useState<AdminPostListItem | null>(null);
  const [selected, setSelected] = useState<ReadonlySet<number>>(new Set());

  // A page past the end (the last rows deleted, an old link) shows the last page instead.
  const lastPage = result?.totalPages;
  useEffect(() => {
    if (lastPage !== undefined && page > lastPage) update({ page: lastPage }, { replace: true });
  }, [lastPage, page, update]);

  const rows = result?.items ?? [];
  // Only what is on screen can be acted on: a tick on another page (or a deleted post) is forgotten.
  const picked = rows.filter((post) => selected.has(post.id)).map(({ id, version }) => ({ id, version }));
  const select = (ids: number[], checked: boolean) =>
    setSelected((current) => {
      const next = new Set(current);
      for (const id of ids) {
        if (checked) next.add(id);
        else next.delete(id);
      }
      return next;
    });
  const authorHref = (post: AdminPostListItem) => {
    const query = new URLSearchParams(
      Object.entries(params).filter((entry): entry is [string, string] => entry[1] !== undefined),
    );
    query.set('author', String(post.userId));
    return `?${query.toString()}`;
  };
  // Staff who may change only their own posts (publishers): told so, and shown which posts are theirs.
  const ownPostsOnly = can(user, 'createPost') && !can(user, 'changePost', { authorId: null });
  const filtered = FILTERS.some((name) => name !== 'sort' && name !== 'order' && params[name]);
  const emptyText =
    !filtered && result?.total === 0 ? 'Brak postów. Napisz pierwszy post.' : 'Nie znaleziono postów';
  const authorName = rows.find((post) => String(post.userId) === params.author)?.author;

  return (
    <Container maxW="7xl" py={{ base: '6', md: '10' }}>
      <Stack gap="6">
        <HStack justify="space-between" gap="4" flexWrap="wrap">
          <Heading as="h1" fontSize={{ base: '2xl', md: '3xl' }} letterSpacing="-0.02em">
            Wszystkie posty
          </Heading>
          <Button asChild colorPalette="brand">
            <RouterLink to={ADMIN_PAGES.postNew}>
              <Plus aria-hidden="true" />
              Nowy post
            </RouterLink>
          </Button>
        </HStack>

        <ListControls
          query={params.q}
          onSearch={(q) => update({ q }, { replace: true })}
          placeholder="Szukaj postów..."
          label="Szukaj postów"
        >
          <PostsToolbar
            values={params}
            categories={categories}
            userId={user?.id}
            authorName={authorName ? authorName.displayName || authorName.username : undefined}
            onChange={(change) => update(change)}
          />
        </ListControls>

        {ownPostsOnly && (
          <Text fontSize="sm" color="fg.muted">
            Możesz edytować, publikować i usuwać tylko swoje posty (oznaczone „Twój post”).
          </Text>
        )}

        {error ? (
          <LoadError title="Nie udało się pobrać postów" error={error} />
        ) : isLoading ? (
          <ListLoading label="Ładowanie postów..." rowHeight="12" />
        ) : (
          <Stack gap="4">
            <PostsBulkBar posts={picked} onDone={() => setSelected(new Set())} />
            <PostsTable
              posts={rows}
              selected={selected}
              onSelect={select}
              authorHref={authorHref}
              categories={categories}
              emptyText={emptyText}
              canManage={(post) => canManagePost(post, user)}
              isOwn={(post) => post.userId === user?.id}
              showOwnership={ownPostsOnly}
              onDelete={setToDelete}
            />
            <AdminPageLinks
              page={Math.min(page, result?.totalPages ?? 1)}
              totalPages={result?.totalPages ?? 1}
              onPageChange={(next) => update({ page: next })}
            />
          </Stack>
        )}
      </Stack>
      <PostDeleteDialog post={toDelete} onClose={() => setToDelete(null)} />
    </Container>
  );
}
