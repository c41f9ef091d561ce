import type { EventJobData } from '@blog/api/events';
import { appendLog } from '@blog/api/logs';
import { Comment, Post } from '@blog/api/models';
import type { WorkerContext } from '../context.ts';

export type CommentAddedResult =
  { status: 'logged'; commentId: number; postTitle: string } | { status: 'skipped'; reason: 'comment-gone' };

/**
 * Writes the application-log entry for a new comment. It re-reads the comment (the event carries
 * ids only) and skips quietly when moderation deleted it before the job ran; running twice only
 * logs twice. The author's e-mail and the comment text stay out of the log.
 */
export async function processCommentAdded(
  data: EventJobData<'comment.added'>,
  ctx: WorkerContext,
): Promise<CommentAddedResult> {
  const comment = await Comment.findByPk(data.payload.commentId, {
    attributes: ['id', 'postId', 'author'],
    include: [{ model: Post, attributes: ['title'] }],
  });
  if (!comment) return { status: 'skipped', reason: 'comment-gone' };
  const postTitle = comment.post?.title ?? '';
  ctx.logger.info(
    { eventId: data.eventId, commentId: comment.id, postId: comment.postId, author: comment.author },
    `Nowy komentarz pod artykułem „${postTitle}”`,
  );
  await appendLog(
    ctx,
    'application',
    'INFO',
    `Nowy komentarz pod artykułem „${postTitle}” (autor: ${comment.author})`,
    {
      commentId: comment.id,
      postId: comment.postId,
    },
  );
  return { status: 'logged', commentId: comment.id, postTitle };
}
