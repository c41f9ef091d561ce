import { postPath } from '@blog/shared/addresses';
import type { AdminComment } from '@blog/shared';
import { Badge, Checkbox, HStack, IconButton, Link, Table, Text } from '@chakra-ui/react';
import { Check, X } from 'lucide-react';
import { cutTitle } from '../../../lib/cut-title.ts';
import { formatDateTime } from '../../../lib/dates.ts';
import { DeleteIconButton } from '../shell/delete-icon-button.tsx';
import { CommentContent } from './comment-content.tsx';

interface CommentsTableProps {
  comments: AdminComment[];
  emptyText: string;
  selected: ReadonlySet<number>;
  allState: boolean | 'indeterminate';
  onToggleAll: (checked: boolean) => void;
  onToggle: (id: number, checked: boolean) => void;
  onDelete: (comment: AdminComment) => void;
  /** Approving a comment that waits (the approval queue); rejecting one goes through onDelete. */
  onApprove: (comment: AdminComment) => void;
  /** The id being approved, its button busy. */
  approving: number | null;
}

/** Title cut to 25 characters plus '...'; the link opens the public post by its slug. */
function PostCell({ comment }: { comment: AdminComment }) {
  if (!comment.post) return <Text color="fg.muted">Nieznany post</Text>;
  return (
    <Link
      href={postPath(comment.post.slug)}
      target="_blank"
      rel="noopener noreferrer"
      color="brand.fg"
      title={comment.post.title}
    >
      {cutTitle(comment.post.title, 25, '...')}
    </Link>
  );
}

export function CommentsTable({
  comments,
  emptyText,
  selected,
  allState,
  onToggleAll,
  onToggle,
  onDelete,
  onApprove,
  approving,
}: CommentsTableProps) {
  return (
    <Table.ScrollArea borderWidth="1px" borderColor="border.muted" borderRadius="lg">
      <Table.Root size="sm" interactive>
        <Table.Caption srOnly>Komentarze</Table.Caption>
        <Table.Header>
          <Table.Row>
            <Table.ColumnHeader width="10">
              <Checkbox.Root
                size="sm"
                checked={allState}
                disabled={comments.length === 0}
                onCheckedChange={(details) => onToggleAll(details.checked === true)}
              >
                <Checkbox.HiddenInput aria-label="Zaznacz wszystkie komentarze" />
                <Checkbox.Control />
              </Checkbox.Root>
            </Table.ColumnHeader>
            <Table.ColumnHeader>Autor</Table.ColumnHeader>
            <Table.ColumnHeader>Treść</Table.ColumnHeader>
            <Table.ColumnHeader>Post</Table.ColumnHeader>
            <Table.ColumnHeader>Data</Table.ColumnHeader>
            <Table.ColumnHeader textAlign="end">Akcje</Table.ColumnHeader>
          </Table.Row>
        </Table.Header>
        <Table.Body>
          {comments.length === 0 ? (
            <Table.Row>
              <Table.Cell colSpan={6} py="10" textAlign="center">
                <Text color="fg.muted">{emptyText}</Text>
              </Table.Cell>
            </Table.Row>
          ) : (
            comments.map((comment) => (
              <Table.Row key={comment.id}>
                <Table.Cell>
                  <Checkbox.Root
                    size="sm"
                    checked={selected.has(comment.id)}
                    onCheckedChange={(details) => onToggle(comment.id, details.checked === true)}
                  >
                    <Checkbox.HiddenInput aria-label={`Zaznacz komentarz autora ${comment.author}`} />
                    <Checkbox.Control />
                  </Checkbox.Root>
                </Table.Cell>
                <Table.Cell>
                  <Text fontWeight="medium">{comment.author}</Text>
                  {comment.status === 'pending' && (
                    <Badge colorPalette="orange" size="sm">
                      Oczekuje
                    </Badge>
                  )}
                  <Text fontSize="xs" color="fg.muted">
                    {comment.email}
                  </Text>
                </Table.Cell>
                <Table.Cell maxWidth="md">
                  <CommentContent content={comment.content} author={comment.author} />
                </Table.Cell>
                <Table.Cell>
                  <PostCell comment={comment} />
                </Table.Cell>
                <Table.Cell whiteSpace="nowrap">{formatDateTime(comment.createdAt, 'niedawno')}</Table.Cell>
                <Table.Cell textAlign="end">
                  {comment.status === 'pending' ? (
                    <HStack gap="1" justify="flex-end">
                      <IconButton
                        size="sm"
                        variant="ghost"
                        colorPalette="green"
                        aria-label={`Zatwierdź komentarz autora ${comment.author}`}
                        loading={approving === comment.id}
                        onClick={() => onApprove(comment)}
                      >
                        <Check />
                      </IconButton>
                      <IconButton
                        size="sm"
                        variant="ghost"
                        colorPalette="red"
                        aria-label={`Odrzuć komentarz autora ${comment.author}`}
                        onClick={() => onDelete(comment)}
                      >
                        <X />
                      </IconButton>
                    </HStack>
                  ) : (
                    <DeleteIconButton
                      label={`Usuń komentarz autora ${comment.author}`}
                      onClick={() => onDelete(comment)}
                    />
                  )}
                </Table.Cell>
              </Table.Row>
            ))
          )}
        </Table.Body>
      </Table.Root>
    </Table.ScrollArea>
  );
}
