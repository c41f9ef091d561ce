import type { EventJobData } from '@blog/api/events';
import { appendLog } from '@blog/api/logs';
import { Post } from '@blog/api/models';
import type { WorkerContext } from '../context.ts';

export type PostPublishedResult =
  { status: 'logged'; postId: number; title: string } | { status: 'skipped'; reason: 'post-gone' };

/**
 * Writes the application-log entry for a newly published post. It re-reads the post (the event
 * carries its id only) and skips when the post was deleted before the job ran.
 */
export async function processPostPublished(
  data: EventJobData<'post.published'>,
  ctx: WorkerContext,
): Promise<PostPublishedResult> {
  const post = await Post.findByPk(data.payload.postId, { attributes: ['id', 'title'] });
  if (!post) return { status: 'skipped', reason: 'post-gone' };
  ctx.logger.info({ eventId: data.eventId, postId: post.id }, `Opublikowano post „${post.title}”`);
  await appendLog(ctx, 'application', 'INFO', `Opublikowano post „${post.title}”`, { postId: post.id });
  return { status: 'logged', postId: post.id, title: post.title };
}
