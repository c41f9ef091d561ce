import type { SessionUser } from '@blog/shared';

/**
 * The sign-in toast's text. A first sign-in with a temporary password an admin issued is a
 * welcome („Witaj”, by display name when there is one) that asks for a new password; any other is
 * „Witaj ponownie” (spec).
 */
export function signInGreeting(
  user: Pick<SessionUser, 'username' | 'displayName' | 'passwordTemporary'>,
): string {
  if (!user.passwordTemporary) return `Witaj ponownie, ${user.username}!`;
  const name = user.displayName?.trim() || user.username;
  return `Witaj, ${name}! Zalogowano hasłem tymczasowym — ustaw teraz własne hasło.`;
}
