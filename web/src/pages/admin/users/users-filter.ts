import type { User } from '@blog/openapi';

/**
 * Client-side search of the users screen (spec §2): a case-insensitive substring of the username, the
 * e-mail or the display name. Blank search keeps every user.
 */
export function filterUsers(users: readonly User[], search: string): User[] {
  const needle = search.trim().toLocaleLowerCase('pl');
  if (!needle) return [...users];
  return users.filter((user) =>
    [user.username, user.email, user.displayName].some(
      (value) => value?.toLocaleLowerCase('pl').includes(needle) ?? false,
    ),
  );
}
