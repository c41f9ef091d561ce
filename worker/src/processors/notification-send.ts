import { Post, UserSubscription } from '@blog/api/models';
import { col, fn, Op, where } from 'sequelize';
import type { WorkerContext } from '../context.ts';
import { publicLink } from '../email/links.ts';
import { postNotificationEmail } from '../email/messages/post-notification.ts';
import { areNotificationsEnabled } from '../email/notifications-enabled.ts';
import { sendEmail } from '../email/send-email.ts';
import { deliveryMessageId, subscriptionLinks } from '../email/subscription-headers.ts';
import { visibleCategoriesOf } from './post-recipients.ts';

/** One recipient of one post's notification (enqueued by the post.published fan-out). */
export interface NotificationSendData {
  eventId: string;
  postId: number;
  email: string;
}

export type NotificationSendResult =
  | { status: 'sent' }
  | {
      status: 'skipped';
      reason: 'already-sent' | 'post-gone' | 'post-hidden' | 'unsubscribed' | 'notifications-off';
    };

const EXCERPT_LENGTH = 300;

function excerptOf(post: Post): string {
  const excerpt = post.excerpt?.trim();
  if (excerpt) return excerpt;
  const text = post.contentText.trim();
  return text.length > EXCERPT_LENGTH ? `${text.slice(0, EXCERPT_LENGTH - 1).trimEnd()}…` : text;
}

/**
 * Sends one post notification to one address, once (email_deliveries, per event + address).
 * Re-checks what may have changed since the fan-out: the switch, the post, and that the address
 * still follows one of its visible categories (that category names the unsubscribe link).
 */
export async function processNotificationSend(
  data: NotificationSendData,
  ctx: WorkerContext,
): Promise<NotificationSendResult> {
  if (!(await areNotificationsEnabled())) return { status: 'skipped', reason: 'notifications-off' };
  const post = await Post.findByPk(data.postId, {
    attributes: ['id', 'title', 'slug', 'excerpt', 'contentText', 'published'],
  });
  if (!post) return { status: 'skipped', reason: 'post-gone' };
  if (!post.published) return { status: 'skipped', reason: 'post-hidden' };
  const categories = await visibleCategoriesOf(ctx.sequelize, post.id);
  const subscription = await UserSubscription.findOne({
    where: {
      [Op.and]: [
        where(fn('lower', col('email')), data.email.trim().toLowerCase()),
        { active: true, categoryId: categories.map((category) => category.id) },
      ],
    },
    attributes: ['email', 'categoryId'],
    order: [['categoryId', 'ASC']],
  });
  if (!subscription) return { status: 'skipped', reason: 'unsubscribed' };
  const category = categories.find((candidate) => candidate.id === subscription.categoryId)!;

  const links = subscriptionLinks(ctx.config, subscription.email, category.id);
  const message = postNotificationEmail({
    title: post.title,
    excerpt: excerptOf(post),
    postUrl: publicLink(ctx.config, `/post/${encodeURIComponent(post.slug)}`),
    categoryName: category.name,
    unsubscribeUrl: links.pageUrl,
  });
  const outcome = await sendEmail(ctx, {
    eventId: data.eventId,
    kind: 'post-notification',
    to: data.email,
    ...message,
    headers: links.headers,
    messageId: deliveryMessageId(ctx.config, data.eventId, data.email),
    pooled: true,
  });
  return outcome === 'sent' ? { status: 'sent' } : { status: 'skipped', reason: 'already-sent' };
}
