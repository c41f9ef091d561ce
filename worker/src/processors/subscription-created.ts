import type { EventJobData } from '@blog/api/events';
import { Category, UserSubscription } from '@blog/api/models';
import type { WorkerContext } from '../context.ts';
import { subscriptionConfirmationEmail } from '../email/messages/subscription-confirmation.ts';
import { sendEmail } from '../email/send-email.ts';
import { deliveryMessageId, subscriptionLinks } from '../email/subscription-headers.ts';

export type SubscriptionCreatedResult =
  { status: 'sent' } | { status: 'skipped'; reason: 'subscription-gone' | 'unsubscribed' | 'already-sent' };

/**
 * The confirmation e-mail of a new (or re-activated) subscription, with its unsubscribe link.
 * It answers the reader's own action, like the account e-mails, so the notifications switch
 * (which governs e-mails about new content) does not stop it.
 */
export async function processSubscriptionCreated(
  data: EventJobData<'subscription.created'>,
  ctx: WorkerContext,
): Promise<SubscriptionCreatedResult> {
  const subscription = await UserSubscription.findByPk(data.payload.subscriptionId, {
    attributes: ['id', 'email', 'categoryId', 'active'],
    include: [{ model: Category, attributes: ['id', 'name'] }],
  });
  if (!subscription?.category) return { status: 'skipped', reason: 'subscription-gone' };
  if (!subscription.active) return { status: 'skipped', reason: 'unsubscribed' };

  const links = subscriptionLinks(ctx.config, subscription.email, subscription.categoryId);
  const message = subscriptionConfirmationEmail({
    categoryName: subscription.category.name,
    unsubscribeUrl: links.pageUrl,
  });
  const outcome = await sendEmail(ctx, {
    eventId: data.eventId,
    kind: 'subscription-confirmation',
    to: subscription.email,
    ...message,
    headers: links.headers,
    messageId: deliveryMessageId(ctx.config, data.eventId, subscription.email),
    pooled: true,
  });
  return outcome === 'sent' ? { status: 'sent' } : { status: 'skipped', reason: 'already-sent' };
}
