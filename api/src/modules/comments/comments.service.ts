import type { Sequelize } from 'sequelize';
import { forbidden } from '../../errors.ts';
import { requireVisiblePostId } from '../posts/posts.service.ts';
import { areCommentsEnabled } from '../settings/settings.service.ts';
import { Comment } from './comment.model.ts';
import type { CreateCommentInput } from './comments.schemas.ts';

/** A reader's comment on a visible post; stored as plain text, shown escaped everywhere. */
export async function addComment(
  sequelize: Sequelize,
  postId: number,
  input: CreateCommentInput,
): Promise<Comment> {
  if (!(await areCommentsEnabled())) throw forbidden('Komentarze są obecnie wyłączone.');
  const visiblePostId = await requireVisiblePostId(sequelize, postId);
  return Comment.create({
    postId: visiblePostId,
    author: input.author,
    email: input.email,
    content: input.content,
  });
}
