import { postPath } from '@blog/shared/addresses';
import type { AdminPostListItem, Category } from '@blog/shared';
import { Badge, Box, Checkbox, HStack, IconButton, Link, Stack, Table, Text } from '@chakra-ui/react';
import { Eye } from 'lucide-react';
import { Link as RouterLink } from 'react-router';
import { formatDate } from '../../../lib/dates.ts';
import { PostManageButtons } from './post-manage-buttons.tsx';
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
  /** Ids picked for a bulk action. */
  selected: ReadonlySet<number>;
  onSelect: (ids: number[], checked: boolean) => void;
  /** The URL that lists only this author's posts. */
  authorHref: (post: AdminPostListItem) => string;
}

interface RowProps {
  post: AdminPostListItem;
  categories: Category[] | undefined;
  canManage: boolean;
  own: boolean;
  showOwnership: boolean;
  onDelete: (post: AdminPostListItem) => void;
  selected: boolean;
  onSelect: (ids: number[], checked: boolean) => void;
  authorHref: string;
}

const authorName = (post: AdminPostListItem) =>
  post.author?.displayName || post.author?.username || 'nieznany';

function SelectBox({
  post,
  checked,
  onSelect,
}: { post: AdminPostListItem; checked: boolean } & Pick<RowProps, 'onSelect'>) {
  return (
    <Checkbox.Root
      size="sm"
      checked={checked}
      onCheckedChange={(details) => onSelect([post.id], details.checked === true)}
    >
      <Checkbox.HiddenInput aria-label={`Zaznacz post ${post.title}`} />
      <Checkbox.Control />
    </Checkbox.Root>
  );
}

function Author({
  post,
  own,
  showOwnership,
  href,
}: {
  post: AdminPostListItem;
  own: boolean;
  showOwnership: boolean;
  href: string;
}) {
  if (!post.author) return <Text fontSize="sm">—</Text>;
  return (
    <Stack gap="0">
      <Link asChild fontSize="sm" variant="underline">
        <RouterLink to={href}>{authorName(post)}</RouterLink>
      </Link>
      {showOwnership && own && (
        <Text fontSize="xs" color="fg.muted">
          Twój post
        </Text>
      )}
    </Stack>
  );
}

function Categories({ post, categories }: Pick<RowProps, 'post' | 'categories'>) {
  if (post.categories.length === 0)
    return (
      <Stack gap="1">
        <Badge colorPalette="orange" variant="subtle" width="fit-content">
          Brak kategorii
        </Badge>
        <Text fontSize="xs" color="fg.muted">
          Post nie będzie widoczny na blogu.
        </Text>
      </Stack>
    );
  return <Text fontSize="sm">{categoryNames(post.categories, categories).join(', ') || '—'}</Text>;
}

function Status({ post, categories, canManage }: Pick<RowProps, 'post' | 'categories' | 'canManage'>) {
  const status = postStatus(post, categories);
  return (
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
  );
}

function Actions({ post, canManage, onDelete }: Pick<RowProps, 'post' | 'canManage' | 'onDelete'>) {
  return (
    <HStack gap="1" justify="flex-end">
      <IconButton asChild size="sm" variant="ghost" aria-label={`Podgląd posta ${post.title}`}>
        <Link href={postPath(post.slug)} target="_blank" rel="noopener noreferrer">
          <Eye />
        </Link>
      </IconButton>
      {canManage && (
        <>
          <PostManageButtons post={post} onDelete={onDelete} />
        </>
      )}
    </HStack>
  );
}

// A long title wraps, even a single long word, so Status and the actions stay on screen.
const WRAP = { whiteSpace: 'normal', overflowWrap: 'anywhere' } as const;

function PostRow(props: RowProps) {
  const { post } = props;
  return (
    <Table.Row>
      <Table.Cell>
        {props.canManage && <SelectBox post={post} checked={props.selected} onSelect={props.onSelect} />}
      </Table.Cell>
      <Table.Cell {...WRAP}>
        <Text fontWeight="medium">{post.title}</Text>
      </Table.Cell>
      <Table.Cell {...WRAP}>
        <Author post={post} own={props.own} showOwnership={props.showOwnership} href={props.authorHref} />
      </Table.Cell>
      <Table.Cell {...WRAP}>
        <Categories post={post} categories={props.categories} />
      </Table.Cell>
      <Table.Cell>{formatDate(post.createdAt)}</Table.Cell>
      <Table.Cell>
        <Status post={post} categories={props.categories} canManage={props.canManage} />
      </Table.Cell>
      <Table.Cell textAlign="end">
        <Actions post={post} canManage={props.canManage} onDelete={props.onDelete} />
      </Table.Cell>
    </Table.Row>
  );
}

/** On a phone each post is a card: title first, then the same facts and actions. */
function PostCard(props: RowProps) {
  const { post } = props;
  return (
    <Box as="li" borderWidth="1px" borderColor="border.muted" borderRadius="lg" p="4" listStyleType="none">
      <Stack gap="3">
        <HStack align="start" gap="3">
          {props.canManage && <SelectBox post={post} checked={props.selected} onSelect={props.onSelect} />}
          <Text fontWeight="medium" {...WRAP} flex="1">
            {post.title}
          </Text>
        </HStack>
        <HStack gap="3" flexWrap="wrap" fontSize="sm" color="fg.muted">
          <Author post={post} own={props.own} showOwnership={props.showOwnership} href={props.authorHref} />
          <Text>{formatDate(post.createdAt)}</Text>
        </HStack>
        <Categories post={post} categories={props.categories} />
        <HStack justify="space-between" align="end" gap="3">
          <Status post={post} categories={props.categories} canManage={props.canManage} />
          <Actions post={post} canManage={props.canManage} onDelete={props.onDelete} />
        </HStack>
      </Stack>
    </Box>
  );
}

/**
 * The posts list: title, author, category, date, status with the publish switch, actions;
 * a table that fits the width (titles wrap) from `md` up, cards on phones.
 */
export function PostsTable(props: PostsTableProps) {
  const { posts, selected, onSelect } = props;
  const manageable = posts.filter((post) => props.canManage(post)).map((post) => post.id);
  const picked = manageable.filter((id) => selected.has(id)).length;
  const allState = picked === 0 ? false : picked === manageable.length ? true : 'indeterminate';
  const rowProps = (post: AdminPostListItem): RowProps => ({
    post,
    categories: props.categories,
    canManage: props.canManage(post),
    own: props.isOwn(post),
    showOwnership: props.showOwnership,
    onDelete: props.onDelete,
    selected: selected.has(post.id),
    onSelect,
    authorHref: props.authorHref(post),
  });
  const empty = (
    <Text color="fg.muted" textAlign="center" py="10">
      {props.emptyText}
    </Text>
  );
  return (
    <>
      <Box hideBelow="md" borderWidth="1px" borderColor="border.muted" borderRadius="lg" overflow="hidden">
        <Table.Root size="sm" interactive tableLayout="fixed" width="full">
          <Table.Caption srOnly>Posty</Table.Caption>
          <Table.ColumnGroup>
            <Table.Column width="10" />
            <Table.Column />
            <Table.Column width="32" />
            <Table.Column width="36" />
            <Table.Column width="28" />
            <Table.Column width="40" />
            <Table.Column width="32" />
          </Table.ColumnGroup>
          <Table.Header>
            <Table.Row>
              <Table.ColumnHeader>
                <Checkbox.Root
                  size="sm"
                  checked={allState}
                  disabled={manageable.length === 0}
                  onCheckedChange={(details) => onSelect(manageable, details.checked === true)}
                >
                  <Checkbox.HiddenInput aria-label="Zaznacz wszystkie posty na tej stronie" />
                  <Checkbox.Control />
                </Checkbox.Root>
              </Table.ColumnHeader>
              <Table.ColumnHeader>Tytuł</Table.ColumnHeader>
              <Table.ColumnHeader>Autor</Table.ColumnHeader>
              <Table.ColumnHeader>Kategoria</Table.ColumnHeader>
              <Table.ColumnHeader>Data publikacji</Table.ColumnHeader>
              <Table.ColumnHeader>Status</Table.ColumnHeader>
              <Table.ColumnHeader textAlign="end">Akcje</Table.ColumnHeader>
            </Table.Row>
          </Table.Header>
          <Table.Body>
            {posts.length === 0 ? (
              <Table.Row>
                <Table.Cell colSpan={7}>{empty}</Table.Cell>
              </Table.Row>
            ) : (
              posts.map((post) => <PostRow key={post.id} {...rowProps(post)} />)
            )}
          </Table.Body>
        </Table.Root>
      </Box>
      <Box hideFrom="md">
        {posts.length === 0 ? (
          empty
        ) : (
          <Stack as="ul" gap="3" aria-label="Posty">
            {posts.map((post) => (
              <PostCard key={post.id} {...rowProps(post)} />
            ))}
          </Stack>
        )}
      </Box>
    </>
  );
}
