/**
 * The reader pages of the web app by path (react-router patterns): the web's router declares its
 * routes from this table and the server answers exactly these paths with the app (anything else
 * is a 404 page). Add a page here and both follow.
 */
export const PUBLIC_PAGES = {
  home: '/',
  posts: '/posts',
  post: '/post/:slug',
  contact: '/contact',
  about: '/about',
  cookies: '/cookies',
  auth: '/auth',
  passwordReset: '/auth/reset',
  unsubscribe: '/unsubscribe',
  subscriptionConfirm: '/subscribe/confirm',
} as const;

export type PublicPage = keyof typeof PUBLIC_PAGES;

/**
 * The reader pages that read their query. `list`: the public list, the same for every reader with the
 * same page and search (postsPageParams; the server keys its HTML by them). `personal`: a person's link
 * (a reset token, an unsubscribe address, where to go after signing in): with a query, its HTML is
 * rendered for that request alone and never kept. Every other page ignores its query.
 */
export const PAGE_QUERIES: Partial<Record<PublicPage, 'list' | 'personal'>> = {
  posts: 'list',
  auth: 'personal',
  passwordReset: 'personal',
  unsubscribe: 'personal',
  subscriptionConfirm: 'personal',
};

/** Every path under it is the admin panel's (it shows its own unknown paths, behind sign-in). */
export const ADMIN_PAGES_BASE = '/admin';

/** Reads a page number from the URL; anything that is not a whole number ≥ 1 means page 1. */
export function parsePageParam(value: string | null | undefined): number {
  if (!value || !/^\d+$/.test(value)) return 1;
  return Math.max(1, Number(value));
}

/**
 * What the public list page (`/posts`) reads from its address — its page and trimmed search, nothing
 * else: the web renders from it, and the server keys that page's HTML by it (other parameters share).
 */
export function postsPageParams(get: (name: string) => string | null | undefined): {
  page: number;
  q: string;
} {
  return { page: parsePageParam(get('page')), q: get('q')?.trim() ?? '' };
}
