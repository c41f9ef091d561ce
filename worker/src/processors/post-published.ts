import type { EventJobData } from '@blog/api/events';
import { Post } from '@blog/api/models';
import type { FanOutContext } from '../context.ts';
import { addressKey } from '../email/subscription-headers.ts';
import { areNotificationsEnabled } from '../email/notifications-enabled.ts';
import type { NotificationSendData } from './notification-send.ts';
import { activeRecipientsPage, visibleCategoriesOf } from './post-recipients.ts';

export type PostPublishedResult =
  | { status: 'enqueued'; postId: number; recipients: number }
  | { status: 'skipped'; reason: 'post-gone' | 'post-hidden' | 'no-visible-category' | 'notifications-off' };

const PAGE_SIZE = 1000;

/** Fixed per (event, address), so a re-run of the fan-out adds nothing BullMQ already holds. */
export const notificationJobId = (eventId: string, email: string) => `notify-${eventId}-${addressKey(email)}`;

/**
 * The notification fan-out: decides who hears about the post and enqueues one `notification.send`
 * job per address, nothing more. It re-reads the post (skipping one deleted or hidden since), its
 * visible categories and the notifications switch. Safe to run again after a crash: job ids are
 * deterministic, and each send job is once-only through email_deliveries anyway.
 */
export async function processPostPublished(
  data: EventJobData<'post.published'>,
  ctx: FanOutContext,
): Promise<PostPublishedResult> {
  const post = await Post.findByPk(data.payload.postId, { attributes: ['id', 'title', 'published'] });
  if (!post) return { status: 'skipped', reason: 'post-gone' };
  if (!post.published) return { status: 'skipped', reason: 'post-hidden' };
  ctx.logger.info({ eventId: data.eventId, postId: post.id }, `Opublikowano post „${post.title}”`);
  const categories = await visibleCategoriesOf(ctx.sequelize, post.id);
  if (categories.length === 0) return { status: 'skipped', reason: 'no-visible-category' };
  if (!(await areNotificationsEnabled())) return { status: 'skipped', reason: 'notifications-off' };

  const categoryIds = categories.map((category) => category.id);
  let afterKey = '';
  let recipients = 0;
  for (;;) {
    const page = await activeRecipientsPage(ctx.sequelize, categoryIds, afterKey, PAGE_SIZE);
    if (page.length === 0) break;
    await ctx.emailQueue.addBulk(
      page.map(({ email }) => ({
        name: 'notification.send',
        data: { eventId: data.eventId, postId: post.id, email } satisfies NotificationSendData,
        opts: { jobId: notificationJobId(data.eventId, email) },
      })),
    );
    recipients += page.length;
    afterKey = page[page.length - 1]!.key;
  }
  ctx.logger.info({ eventId: data.eventId, postId: post.id, recipients }, 'notification fan-out enqueued');
  return { status: 'enqueued', postId: post.id, recipients };
}
