import { PUBLIC_PAGES } from '@blog/shared/addresses';
import { generateTemporaryPassword, hashPassword } from '@blog/api/auth/password';
import type { EventJobData } from '@blog/api/events';
import { User } from '@blog/api/models';
import type { WorkerContext } from '../context.ts';
import { publicLink } from '../email/links.ts';
import { passwordIssuedEmail } from '../email/messages/password-issued.ts';
import { loadAccountRecipient, type RecipientSkipReason } from '../email/recipient.ts';
import { isAlreadySent, sendEmail } from '../email/send-email.ts';

export type UserPasswordIssuedResult =
  { status: 'sent'; userId: number } | { status: 'skipped'; reason: RecipientSkipReason | 'already-sent' };

/**
 * Makes a temporary password for a new account or an admin's reset, stores its argon2 hash and
 * e-mails it. The "already sent" check comes first, so a retry after a successful send never
 * changes the password again (the user would hold one that no longer works). A retry after a
 * failed send does make a new one: the previous one never reached anybody.
 * The password appears only in the message, never in a log, a result or an error.
 */
export async function processUserPasswordIssued(
  data: EventJobData<'user.password-issued'>,
  ctx: WorkerContext,
): Promise<UserPasswordIssuedResult> {
  const found = await loadAccountRecipient(data.payload.userId);
  if ('skip' in found) return { status: 'skipped', reason: found.skip };
  const { user } = found;
  if (await isAlreadySent(data.eventId, user.email)) return { status: 'skipped', reason: 'already-sent' };

  const temporaryPassword = generateTemporaryPassword();
  await User.update(
    { passwordHash: await hashPassword(temporaryPassword), passwordTemporary: true },
    { where: { id: user.id } },
  );

  const message = passwordIssuedEmail({
    reason: data.payload.reason,
    username: user.username,
    displayName: user.displayName,
    temporaryPassword,
    signInUrl: publicLink(ctx.config, PUBLIC_PAGES.auth),
  });
  const outcome = await sendEmail(ctx, {
    eventId: data.eventId,
    kind: 'password-issued',
    to: user.email,
    ...message,
  });
  return outcome === 'sent'
    ? { status: 'sent', userId: user.id }
    : { status: 'skipped', reason: 'already-sent' };
}
