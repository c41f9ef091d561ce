import type { Deps } from '../../deps.ts';
import { forbidden } from '../../errors.ts';
import { requireVisiblePostId } from '../posts/posts.service.ts';
import { commentPolicy } from '../settings/settings.service.ts';
import { Comment } from './comment.model.ts';
import type { CreateCommentInput } from './comments.schemas.ts';

/**
 * A reader's comment on a visible post; stored as plain text, shown escaped everywhere. With the
 * approval queue on (a setting) it is stored pending and readers see it once a moderator approves it.
 * The comment and its `comment.added` event commit together, or neither does.
 */
export async function addComment(
  deps: Pick<Deps, 'sequelize' | 'events' | 'clock' | 'redis' | 'config'>,
  postId: number,
  input: CreateCommentInput,
): Promise<Comment> {
  const comment = await deps.sequelize.transaction(async (transaction) => {
    const db = { sequelize: deps.sequelize, transaction };
    const policy = await commentPolicy(db);
    if (!policy.enabled) throw forbidden('Komentarze są obecnie wyłączone.');
    const visiblePostId = await requireVisiblePostId(db, postId);
    const comment = await Comment.create(
      {
        postId: visiblePostId,
        author: input.author,
        email: input.email,
        content: input.content,
        status: policy.requireApproval ? 'pending' : 'approved',
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
