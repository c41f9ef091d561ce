/**
 * The admin panel's server-side lists: query parameters every list shares (page, limit,
 * q, sort, order), each list's sorts and filters, and their Polish messages. The API builds its zod
 * schemas from these, the web its URL state; the contract describes the same values.
 */

import { characters } from './rule.ts';

export const MAX_LIST_PAGE = 100_000;
export const MAX_LIST_LIMIT = 100;
export const MAX_LIST_QUERY_LENGTH = 100;

export const LIST_MESSAGES = {
  page: `Numer strony musi być liczbą całkowitą od 1 do ${MAX_LIST_PAGE}.`,
  limit: `Liczba wyników na stronie musi być liczbą całkowitą od 1 do ${MAX_LIST_LIMIT}.`,
  q: `Wyszukiwana fraza może mieć najwyżej ${characters(MAX_LIST_QUERY_LENGTH)}.`,
  sort: 'Nieprawidłowe pole sortowania.',
  order: 'Kierunek sortowania musi mieć wartość asc lub desc.',
  status: 'Nieprawidłowy status.',
  id: 'Nieprawidłowy identyfikator.',
  role: 'Nieprawidłowa rola (admin, publisher lub subscriber).',
} as const;

export const LIST_ORDERS = ['asc', 'desc'] as const;
export type ListOrder = (typeof LIST_ORDERS)[number];

/** One admin list: what it sorts by, which statuses it filters on, how many rows a screen shows. */
export interface ListSpec<S extends string = string, T extends string = string> {
  readonly defaultLimit: number;
  readonly sorts: readonly S[];
  readonly defaultSort: S;
  readonly defaultOrder: ListOrder;
  readonly statuses: readonly T[];
}

const listSpec = <const S extends string, const T extends string = never>(spec: ListSpec<S, T>) => spec;

/** „Wszystkie posty”: 10 a page; hidden = published without a visible category. */
export const ADMIN_POSTS_LIST = listSpec({
  defaultLimit: 10,
  sorts: ['createdAt', 'updatedAt', 'title'],
  defaultSort: 'createdAt',
  defaultOrder: 'desc',
  statuses: ['published', 'hidden', 'draft', 'scheduled'],
});

/**
 * „Subskrypcje”: active; pending (double opt-in: waiting for the address's confirmation, link not
 * expired); inactive (unsubscribed, or a confirmation link that expired unused).
 */
export const ADMIN_SUBSCRIPTIONS_LIST = listSpec({
  defaultLimit: 20,
  sorts: ['createdAt', 'email'],
  defaultSort: 'createdAt',
  defaultOrder: 'desc',
  statuses: ['active', 'pending', 'inactive'],
});

/** „Zarządzanie użytkownikami”: by username as before; status is the account's isActive. */
export const ADMIN_USERS_LIST = listSpec({
  defaultLimit: 20,
  sorts: ['username', 'createdAt', 'email'],
  defaultSort: 'username',
  defaultOrder: 'asc',
  statuses: ['active', 'inactive'],
});

export type AdminSubscriptionStatus = (typeof ADMIN_SUBSCRIPTIONS_LIST.statuses)[number];
export type AdminUserStatus = (typeof ADMIN_USERS_LIST.statuses)[number];

/** The export's limit: one CSV holds at most this many rows (the whole table at the bench's size). */
export const MAX_SUBSCRIPTIONS_EXPORT = 200_000;
/**
 * „Zarządzanie komentarzami”: 20 a page; pending = waiting for approval (the optional approval queue, a
 * setting). Rejecting deletes, so there is no third status.
 */
export const ADMIN_COMMENTS_LIST = listSpec({
  defaultLimit: 20,
  sorts: ['createdAt', 'author'],
  defaultSort: 'createdAt',
  defaultOrder: 'desc',
  statuses: ['approved', 'pending'],
});

export type CommentStatus = (typeof ADMIN_COMMENTS_LIST.statuses)[number];
export type AdminCommentSort = (typeof ADMIN_COMMENTS_LIST.sorts)[number];

export type AdminPostStatus = (typeof ADMIN_POSTS_LIST.statuses)[number];
export type AdminPostSort = (typeof ADMIN_POSTS_LIST.sorts)[number];

/** POST /admin/posts/bulk: what can be done to several posts of the list at once. */
export const BULK_POST_ACTIONS = ['publish', 'unpublish', 'delete'] as const;
export type BulkPostAction = (typeof BULK_POST_ACTIONS)[number];
export const MAX_BULK_POSTS = 100;

export const BULK_POST_MESSAGES = {
  action: 'Nieprawidłowa akcja (publish, unpublish lub delete).',
  posts: `Wybierz od 1 do ${MAX_BULK_POSTS} postów.`,
  id: 'Nieprawidłowy identyfikator posta.',
  version: 'Nieprawidłowa wersja posta.',
  stale: 'Ktoś inny zmienił ten post w międzyczasie. Odśwież listę i spróbuj ponownie.',
  published: 'Opublikowano.',
  unpublished: 'Cofnięto publikację.',
  deleted: 'Usunięto.',
} as const;

/** POST /admin/comments/bulk-delete: how many comments one call may name. */
export const MAX_BULK_COMMENTS = 500;
export const BULK_COMMENT_MESSAGES = {
  ids: `Podaj listę identyfikatorów komentarzy (od 1 do ${MAX_BULK_COMMENTS}).`,
} as const;
