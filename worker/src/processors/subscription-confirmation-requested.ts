import { PUBLIC_PAGES } from '@blog/shared/addresses';
import { generateResetToken, hashResetToken } from '@blog/api/auth/reset-token';
import type { EventJobData } from '@blog/api/events';
import { Category, UserSubscription } from '@blog/api/models';
import type { WorkerContext } from '../context.ts';
import { publicLink } from '../email/links.ts';
import { subscriptionConfirmRequestEmail } from '../email/messages/subscription-confirm-request.ts';
import { isAlreadySent, sendEmail } from '../email/send-email.ts';

export type ConfirmationRequestedResult =
  { status: 'sent' } | { status: 'skipped'; reason: 'subscription-gone' | 'not-waiting' | 'already-sent' };

/**
 * Double opt-in: makes the link's token, stores only its SHA-256 on the waiting subscription and
 * e-mails the link. Skips a message already sent for this event, so a retry never replaces the
 * token in a link the reader already has; skips a subscription no longer waiting.
 */
export async function processSubscriptionConfirmationRequested(
  data: EventJobData<'subscription.confirmation-requested'>,
  ctx: WorkerContext,
): Promise<ConfirmationRequestedResult> {
  const subscription = await UserSubscription.findByPk(data.payload.subscriptionId, {
    include: [{ model: Category, attributes: ['id', 'name'] }],
  });
  if (!subscription?.category) return { status: 'skipped', reason: 'subscription-gone' };
  const expiresAt = subscription.confirmationExpiresAt;
  if (subscription.active || !expiresAt || expiresAt <= ctx.clock.now())
    return { status: 'skipped', reason: 'not-waiting' };
  if (await isAlreadySent(data.eventId, subscription.email))
    return { status: 'skipped', reason: 'already-sent' };

  const token = generateResetToken();
  await subscription.update({ confirmationTokenHash: hashResetToken(token) });
  const message = subscriptionConfirmRequestEmail({
    categoryName: subscription.category.name,
    confirmUrl: publicLink(ctx.config, PUBLIC_PAGES.subscriptionConfirm, { token }),
  });
  const outcome = await sendEmail(ctx, {
    eventId: data.eventId,
    kind: 'subscription-confirm-request',
    to: subscription.email,
    ...message,
  });
  return outcome === 'sent' ? { status: 'sent' } : { status: 'skipped', reason: 'already-sent' };
}
