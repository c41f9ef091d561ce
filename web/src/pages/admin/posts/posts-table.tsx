import type { AdminPostListItem, Category } from '@blog/openapi';
import { Badge, HStack, IconButton, Link, Stack, Table, Text } from '@chakra-ui/react';
import { Eye, Pencil, Trash2 } from 'lucide-react';
import { Link as RouterLink } from 'react-router';
import { formatDate } from '../../../lib/dates.ts';
import { PostPublishSwitch } from './post-publish-switch.tsx';
import { scheduledLabel } from '../../../lib/warsaw-time.ts';
import { categoryNames, POST_STATUS_LABELS, postStatus } from './posts-filter.ts';

const STATUS_COLORS = { published: 'green', draft: 'gray', scheduled: 'blue', hidden: 'orange' } as const;

interface PostsTableProps {
  posts: AdminPostListItem[];
  categories: Category[] | undefined;
  emptyText: string;
  canManage: (post: AdminPostListItem) => boolean;
  /** Publishers see which posts are theirs. */
  isOwn: (post: AdminPostListItem) => boolean;
  showOwnership: boolean;
  onDelete: (post: AdminPostListItem) => void;
}

function PostRow({
  post,
  categories,
  canManage,
  own,
  showOwnership,
  onDelete,
}: {
  post: AdminPostListItem;
  categories: Category[] | undefined;
  canManage: boolean;
  own: boolean;
  showOwnership: boolean;
  onDelete: (post: AdminPostListItem) => void;
}) {
  const status = postStatus(post, categories);
  const names = categoryNames(post.categories, categories);
  const noCategories = post.categories.length === 0;
  return (
    <Table.Row>
      <Table.Cell>
        <Stack gap="1">
          <Text fontWeight="medium">{post.title}</Text>
          {showOwnership && (
            <Text fontSize="xs" color="fg.muted">
              {own
                ? 'Twój post'
                : `Autor: ${post.author?.displayName || post.author?.username || 'nieznany'}`}
            </Text>
          )}
        </Stack>
      </Table.Cell>
      <Table.Cell>
        {noCategories ? (
          <Stack gap="1">
            <Badge colorPalette="orange" variant="subtle" width="fit-content">
              Brak kategorii
            </Badge>
            <Text fontSize="xs" color="fg.muted">
              Post nie będzie widoczny na blogu.
            </Text>
          </Stack>
        ) : (
          <Text fontSize="sm">{names.join(', ') || '—'}</Text>
        )}
      </Table.Cell>
      <Table.Cell whiteSpace="nowrap">{formatDate(post.createdAt)}</Table.Cell>
      <Table.Cell>
        <Stack gap="1.5">
          <Badge colorPalette={STATUS_COLORS[status]} variant="subtle" width="fit-content">
            {POST_STATUS_LABELS[status]}
          </Badge>
          {post.scheduledAt && (
            <Text fontSize="xs" color="fg.muted">
              {scheduledLabel(post.scheduledAt)}
            </Text>
          )}
          <PostPublishSwitch post={post} canManage={canManage} />
        </Stack>
      </Table.Cell>
      <Table.Cell textAlign="end">
        <HStack gap="1" justify="flex-end">
          <IconButton asChild size="sm" variant="ghost" aria-label={`Podgląd posta ${post.title}`}>
            <Link href={`/post/${post.slug}`} target="_blank" rel="noopener noreferrer">
              <Eye />
            </Link>
          </IconButton>
          {canManage && (
            <>
              <IconButton asChild size="sm" variant="ghost" aria-label={`Edytuj post ${post.title}`}>
                <RouterLink to={`/admin/posts/edit/${post.id}`}>
                  <Pencil />
                </RouterLink>
              </IconButton>
              <IconButton
                size="sm"
                variant="ghost"
                colorPalette="red"
                aria-label={`Usuń post ${post.title}`}
                onClick={() => onDelete(post)}
              >
                <Trash2 />
              </IconButton>
            </>
          )}
        </HStack>
      </Table.Cell>
    </Table.Row>
  );
}

/** The posts table (spec §2): title, category, date, status with the publish switch, actions. */
export function PostsTable({
  posts,
  categories,
  emptyText,
  canManage,
  isOwn,
  showOwnership,
  onDelete,
}: PostsTableProps) {
  return (
    <Table.ScrollArea borderWidth="1px" borderColor="border.muted" borderRadius="lg">
      <Table.Root size="sm" interactive>
        <Table.Caption srOnly>Posty</Table.Caption>
        <Table.Header>
          <Table.Row>
            <Table.ColumnHeader>Tytuł</Table.ColumnHeader>
            <Table.ColumnHeader>Kategoria</Table.ColumnHeader>
            <Table.ColumnHeader>Data publikacji</Table.ColumnHeader>
            <Table.ColumnHeader>Status</Table.ColumnHeader>
            <Table.ColumnHeader textAlign="end">Akcje</Table.ColumnHeader>
          </Table.Row>
        </Table.Header>
        <Table.Body>
          {posts.length === 0 ? (
            <Table.Row>
              <Table.Cell colSpan={5} py="10" textAlign="center">
                <Text color="fg.muted">{emptyText}</Text>
              </Table.Cell>
            </Table.Row>
          ) : (
            posts.map((post) => (
              <PostRow
                key={post.id}
                post={post}
                categories={categories}
                canManage={canManage(post)}
                own={isOwn(post)}
                showOwnership={showOwnership}
                onDelete={onDelete}
              />
            ))
          )}
        </Table.Body>
      </Table.Root>
    </Table.ScrollArea>
  );
}
