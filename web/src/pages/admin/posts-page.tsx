import type { AdminPostListItem } from '@blog/openapi';
import {
  Box,
  Button,
  Container,
  Heading,
  HStack,
  NativeSelect,
  Skeleton,
  Stack,
  Text,
} from '@chakra-ui/react';
import { Plus } from 'lucide-react';
import { useDeferredValue, useMemo, useState } from 'react';
import { Link as RouterLink } from 'react-router';
import { useAdminPosts } from '../../api/admin-posts.ts';
import { useStaffCategories } from '../../api/admin-categories.ts';
import { useSession } from '../../api/session.ts';
import { LoadError } from '../../components/load-error.tsx';
import { useDocumentTitle } from '../../lib/use-document-title.ts';
import { AdminPageLinks } from './posts/admin-page-links.tsx';
import { PostDeleteDialog } from './posts/post-delete-dialog.tsx';
import { PostsTable } from './posts/posts-table.tsx';
import {
  canManagePost,
  type CategoryFilter,
  filterAdminPosts,
  pageCount,
  pageOf,
} from './posts/posts-filter.ts';
import { SearchInput } from './shell/search-input.tsx';

/** „Wszystkie posty” (spec §2): search, category filter, 10 posts per page, publish switch per row. */
export function AdminPostsPage() {
  useDocumentTitle('Wszystkie posty');
  const { user } = useSession();
  const { posts, error, isLoading } = useAdminPosts();
  const { categories } = useStaffCategories();
  const [search, setSearch] = useState('');
  const deferredSearch = useDeferredValue(search);
  const [category, setCategory] = useState<CategoryFilter>('all');
  const [page, setPage] = useState(1);
  const [toDelete, setToDelete] = useState<AdminPostListItem | null>(null);

  const filtered = useMemo(
    () => filterAdminPosts(posts ?? [], deferredSearch, category),
    [posts, deferredSearch, category],
  );
  const totalPages = pageCount(filtered.length);
  const currentPage = Math.min(page, totalPages);
  const rows = pageOf(filtered, currentPage);
  const isPublisher = user?.role === 'publisher';
  const emptyText =
    (posts?.length ?? 0) === 0 ? 'Brak postów. Napisz pierwszy post.' : 'Nie znaleziono postów';

  return (
    <Container maxW="7xl" py={{ base: '6', md: '10' }}>
      <Stack gap="6">
        <HStack justify="space-between" gap="4" flexWrap="wrap">
          <Heading as="h1" fontSize={{ base: '2xl', md: '3xl' }} letterSpacing="-0.02em">
            Wszystkie posty
          </Heading>
          <Button asChild colorPalette="brand">
            <RouterLink to="/admin/posts/new">
              <Plus aria-hidden="true" />
              Nowy post
            </RouterLink>
          </Button>
        </HStack>

        <HStack gap="3" flexWrap="wrap">
          <Box flex="1" minWidth="60" maxWidth="md">
            <SearchInput
              value={search}
              onChange={(value) => {
                setSearch(value);
                setPage(1);
              }}
              placeholder="Szukaj postów..."
              label="Szukaj postów"
            />
          </Box>
          <NativeSelect.Root width="64">
            <NativeSelect.Field
              aria-label="Filtruj według kategorii"
              value={category === 'all' ? 'all' : String(category)}
              onChange={(event) => {
                setCategory(event.target.value === 'all' ? 'all' : Number(event.target.value));
                setPage(1);
              }}
            >
              <option value="all">Wszystkie kategorie</option>
              {(categories ?? []).map((item) => (
                <option key={item.id} value={item.id}>
                  {item.enabled ? item.name : `${item.name} (ukryta)`}
                </option>
              ))}
            </NativeSelect.Field>
            <NativeSelect.Indicator />
          </NativeSelect.Root>
        </HStack>

        {isPublisher && (
          <Text fontSize="sm" color="fg.muted">
            Możesz edytować, publikować i usuwać tylko swoje posty (oznaczone „Twój post”).
          </Text>
        )}

        {error ? (
          <LoadError title="Nie udało się pobrać postów" error={error} />
        ) : isLoading ? (
          <Stack gap="2" aria-busy="true" aria-label="Ładowanie postów...">
            {Array.from({ length: 5 }, (_, index) => (
              <Skeleton key={index} height="12" />
            ))}
          </Stack>
        ) : (
          <Stack gap="4">
            <PostsTable
              posts={rows}
              categories={categories}
              emptyText={emptyText}
              canManage={(post) => canManagePost(post, user)}
              isOwn={(post) => post.userId === user?.id}
              showOwnership={isPublisher}
              onDelete={setToDelete}
            />
            <AdminPageLinks page={currentPage} totalPages={totalPages} onPageChange={setPage} />
          </Stack>
        )}
      </Stack>
      <PostDeleteDialog post={toDelete} onClose={() => setToDelete(null)} />
    </Container>
  );
}
