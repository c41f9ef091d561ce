import { User } from '@blog/api/models';

/** What an account e-mail needs of its user. */
export type AccountRecipient = Pick<User, 'id' | 'username' | 'displayName'> & { email: string };

export type RecipientSkipReason = 'user-gone' | 'user-inactive' | 'no-email';

/**
 * Re-reads the user an account e-mail is for; a reason to skip when the account was deleted or
 * deactivated since the event, or has no address to write to.
 */
export async function loadAccountRecipient(
  userId: number,
): Promise<{ user: AccountRecipient } | { skip: RecipientSkipReason }> {
  const user = await User.findByPk(userId, {
    attributes: ['id', 'username', 'displayName', 'email', 'isActive'],
  });
  if (!user) return { skip: 'user-gone' };
  if (!user.isActive) return { skip: 'user-inactive' };
  const email = user.email?.trim();
  if (!email) return { skip: 'no-email' };
  return { user: { id: user.id, username: user.username, displayName: user.displayName, email } };
}
