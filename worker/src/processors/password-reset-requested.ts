import { PUBLIC_PAGES } from '@blog/shared/addresses';
import { generateResetToken, hashResetToken, RESET_TOKEN_TTL_MS } from '@blog/api/auth/reset-token';
import type { EventJobData } from '@blog/api/events';
import { User } from '@blog/api/models';
import type { WorkerContext } from '../context.ts';
import { publicLink } from '../email/links.ts';
import { passwordResetEmail } from '../email/messages/password-reset.ts';
import { loadAccountRecipient, type RecipientSkipReason } from '../email/recipient.ts';
import { isAlreadySent, sendEmail } from '../email/send-email.ts';

export type PasswordResetRequestedResult =
  | { status: 'sent'; userId: number; expiresAt: string }
  | { status: 'skipped'; reason: RecipientSkipReason | 'already-sent' };

/**
 * Makes a one-hour reset token, stores only its SHA-256 (the API verifies links with the same
 * `hashResetToken`) and e-mails the link. Skips a message already sent for this event, so a retry
 * never replaces the token in a link the user already has. The token never reaches a log.
 */
export async function processPasswordResetRequested(
  data: EventJobData<'password-reset.requested'>,
  ctx: WorkerContext,
): Promise<PasswordResetRequestedResult> {
  const found = await loadAccountRecipient(data.payload.userId);
  if ('skip' in found) return { status: 'skipped', reason: found.skip };
  const { user } = found;
  if (await isAlreadySent(data.eventId, user.email)) return { status: 'skipped', reason: 'already-sent' };

  const token = generateResetToken();
  const expiresAt = new Date(ctx.clock.now().getTime() + RESET_TOKEN_TTL_MS);
  await User.update(
    { resetTokenHash: hashResetToken(token), resetTokenExpiry: expiresAt },
    { where: { id: user.id } },
  );

  const message = passwordResetEmail({
    username: user.username,
    displayName: user.displayName,
    resetUrl: publicLink(ctx.config, PUBLIC_PAGES.passwordReset, { token }),
  });
  const outcome = await sendEmail(ctx, {
    eventId: data.eventId,
    kind: 'password-reset',
    to: user.email,
    ...message,
  });
  return outcome === 'sent'
    ? { status: 'sent', userId: user.id, expiresAt: expiresAt.toISOString() }
    : { status: 'skipped', reason: 'already-sent' };
}
