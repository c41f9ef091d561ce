import type { Deps } from '../../deps.ts';
import { forbidden } from '../../errors.ts';
import { requireVisiblePostId } from '../posts/posts.service.ts';
import { areCommentsEnabled } from '../settings/settings.service.ts';
import { Comment } from './comment.model.ts';
import type { CreateCommentInput } from './comments.schemas.ts';

/**
 * A reader's comment on a visible post; stored as plain text, shown escaped everywhere. The comment
 * and its `comment.added` event commit together, or neither does.
 */
export async function addComment(
  deps: Pick<Deps, 'sequelize' | 'events' | 'clock' | 'redis' | 'config'>,
  postId: number,
  input: CreateCommentInput,
): Promise<Comment> {
  const comment = await deps.sequelize.transaction(async (transaction) => {
    const db = { sequelize: deps.sequelize, transaction };
    if (!(await areCommentsEnabled(db))) throw forbidden('Komentarze są obecnie wyłączone.');
    const visiblePostId = await requireVisiblePostId(db, postId);
    const comment = await Comment.create(
      {
        postId: visiblePostId,
        author: input.author,
        email: input.email,
        content: input.content,
        createdAt: deps.clock.now(),
      },
      { transaction },
    );
    await deps.events.record(
      { type: 'comment.added', payload: { commentId: comment.id, postId: visiblePostId } },
      transaction,
    );
    return comment;
  });
  return comment;
}
