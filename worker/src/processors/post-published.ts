import type { EventJobData } from '@blog/api/events';
import { appendLog } from '@blog/api/logs';
import { Post } from '@blog/api/models';
import type { FanOutContext } from '../context.ts';
import { addressKey } from '../email/subscription-headers.ts';
import { areNotificationsEnabled } from '../email/notifications-enabled.ts';
import { NOTIFICATION_BATCH_SIZE, type NotificationBatchData } from './notification-batch.ts';
import { activeRecipientsPage, visibleCategoriesOf } from './post-recipients.ts';

export type PostPublishedResult =
  | { status: 'enqueued'; postId: number; recipients: number; batches: number }
  | { status: 'skipped'; reason: 'post-gone' | 'post-hidden' | 'no-visible-category' | 'notifications-off' };

/**
 * Fixed per (event, first address of the batch), so a re-run of the fan-out over the same
 * subscribers adds nothing BullMQ already holds. If the subscribers changed meanwhile, the batches
 * shift and overlap the old ones; the delivery claims still send each address once.
 */
export const notificationBatchJobId = (eventId: string, firstEmail: string) =>
  `notify-${eventId}-${addressKey(firstEmail)}`;

/**
 * The notification fan-out: decides who hears about the post and enqueues one `notification.batch`
 * job per NOTIFICATION_BATCH_SIZE addresses, nothing more. It re-reads the post (skipping one
 * deleted or hidden since), its visible categories and the notifications switch. Safe to run again
 * after a crash: job ids are deterministic, and every send is once-only through email_deliveries.
 */
export async function processPostPublished(
  data: EventJobData<'post.published'>,
  ctx: FanOutContext,
): Promise<PostPublishedResult> {
  const post = await Post.findByPk(data.payload.postId, { attributes: ['id', 'title', 'published'] });
  if (!post) return { status: 'skipped', reason: 'post-gone' };
  if (!post.published) return { status: 'skipped', reason: 'post-hidden' };
  ctx.logger.info({ eventId: data.eventId, postId: post.id }, `Opublikowano post „${post.title}”`);
  await appendLog(ctx, 'application', 'INFO', `Opublikowano post „${post.title}”`, { postId: post.id });
  const categories = await visibleCategoriesOf(ctx.sequelize, post.id);
  if (categories.length === 0) return { status: 'skipped', reason: 'no-visible-category' };
  if (!(await areNotificationsEnabled())) return { status: 'skipped', reason: 'notifications-off' };

  const categoryIds = categories.map((category) => category.id);
  let afterKey = '';
  let recipients = 0;
  let batches = 0;
  for (;;) {
    const page = await activeRecipientsPage(ctx.sequelize, categoryIds, afterKey, NOTIFICATION_BATCH_SIZE);
    if (page.length === 0) break;
    const emails = page.map((recipient) => recipient.email);
    await ctx.emailQueue.add(
      'notification.batch',
      { eventId: data.eventId, postId: post.id, emails } satisfies NotificationBatchData,
      { jobId: notificationBatchJobId(data.eventId, emails[0]!) },
    );
    recipients += page.length;
    batches += 1;
    afterKey = page[page.length - 1]!.key;
  }
  ctx.logger.info(
    { eventId: data.eventId, postId: post.id, recipients, batches },
    'notification fan-out enqueued',
  );
  return { status: 'enqueued', postId: post.id, recipients, batches };
}
