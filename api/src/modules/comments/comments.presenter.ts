import type { PublicComment } from '@blog/openapi';
import type { Comment } from './comment.model.ts';

/** Commenters' e-mail addresses never leave the server on the public side. */
export const presentPublicComment = (comment: Comment): PublicComment => ({
  id: comment.id,
  postId: comment.postId,
  author: comment.author,
  content: comment.content,
  createdAt: comment.createdAt.toISOString(),
});
