import type { EventJobData } from '@blog/api/events';
import { publishDuePosts } from '@blog/api/posts/scheduled-publishing';
import type { FanOutContext, WorkerContext } from '../context.ts';

/** Empty: the sweep publishes whatever is due when it runs. */
export type PublishDueData = Record<string, never>;

/** A little after the moment, so the job never runs a hair before the post is due. */
const MARGIN_MS = 250;

/**
 * `post.scheduled`: a delayed `posts.publish-due` job for the planned moment. Its id names the post
 * and the moment, so a retried event adds nothing; a rescheduled post gets a job for its new moment
 * and the old one finds nothing due. (The periodic sweep and the sweep at start catch a lost job.)
 */
export async function processPostScheduled(data: EventJobData<'post.scheduled'>, ctx: FanOutContext) {
  const at = new Date(data.payload.at).getTime();
  const delay = Math.max(0, at - ctx.clock.now().getTime()) + MARGIN_MS;
  await ctx.housekeepingQueue.add(
    'posts.publish-due',
    {},
    { jobId: `publish-due-${data.payload.postId}-${at}`, delay },
  );
  return { status: 'scheduled' as const, delay };
}

/** `posts.publish-due`: publishes every post whose moment has come (exactly once across workers). */
export async function processPublishDue(_data: PublishDueData, ctx: WorkerContext) {
  return { published: await publishDuePosts(ctx) };
}
