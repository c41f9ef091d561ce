import type { AdminComment, CreatedComment, PublicComment } from '@blog/shared';
import type { AdminCommentRow } from './admin-comments.service.ts';
import type { Comment } from './comment.model.ts';

/** What readers see of a comment: its e-mail address is not even read. */
export type PublicCommentRow = Pick<Comment, 'id' | 'postId' | 'author' | 'content' | 'createdAt'>;

/** Commenters' e-mail addresses never leave the server on the public side. */
export const presentPublicComment = (comment: PublicCommentRow): PublicComment => ({
  id: comment.id,
  postId: comment.postId,
  author: comment.author,
  content: comment.content,
  createdAt: comment.createdAt.toISOString(),
});

/** The answer to a new comment: the comment and whether it waits for approval (the reader is told). */
export const presentCreatedComment = (comment: Comment): CreatedComment => ({
  ...presentPublicComment(comment),
  status: comment.status,
});

/** Moderators see the e-mail, and the post's title and slug (null when the post is gone). */
export const presentAdminComment = (row: AdminCommentRow): AdminComment => ({
  id: row.id,
  postId: row.post_id,
  author: row.author,
  email: row.email,
  content: row.content,
  status: row.status,
  createdAt: new Date(row.created_at).toISOString(),
  post:
    row.post_title === null || row.post_slug === null
      ? null
      : { id: row.post_id, title: row.post_title, slug: row.post_slug },
});
