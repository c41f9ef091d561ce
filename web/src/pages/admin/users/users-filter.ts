import { ADMIN_USERS_LIST } from '@blog/shared/rules';

/** The users list's sorts as one choice each: `field:order` (the server's default first). */
export const USER_SORTS = [
  { value: 'username:asc', label: 'Nazwa użytkownika A–Z' },
  { value: 'username:desc', label: 'Nazwa użytkownika Z–A' },
  { value: 'createdAt:desc', label: 'Najnowsze konta' },
  { value: 'createdAt:asc', label: 'Najstarsze konta' },
  { value: 'email:asc', label: 'E-mail A–Z' },
] as const;

export const USER_LIST_DEFAULTS = {
  sort: ADMIN_USERS_LIST.defaultSort,
  order: ADMIN_USERS_LIST.defaultOrder,
} as const;

/** „Brak użytkowników w systemie” only when nothing is filtered and nobody exists. */
export function usersEmptyText(filtered: boolean, total: number | undefined): string {
  return !filtered && total === 0 ? 'Brak użytkowników w systemie' : 'Nie znaleziono użytkowników';
}
