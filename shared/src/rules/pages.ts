import type { PublicPage } from '../addresses.ts';

/**
 * The reader pages that read their query. `list`: the public list, the same for every reader with the
 * same page and search (postsPageParams; the server keys its HTML by them); `archive`: a category or tag
 * page, keyed by its page alone (archivePageParams). `personal`: a person's link
 * (a reset token, an unsubscribe address, where to go after signing in): with a query, its HTML is
 * rendered for that request alone and never kept. Every other page ignores its query.
 */
export const PAGE_QUERIES: Partial<Record<PublicPage, 'list' | 'archive' | 'personal'>> = {
  posts: 'list',
  category: 'archive',
  tag: 'archive',
  auth: 'personal',
  passwordReset: 'personal',
  unsubscribe: 'personal',
  subscriptionConfirm: 'personal',
};

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

/** What a category or tag page reads from its address: its page, nothing else (the server keys its HTML by it). */
export function archivePageParams(get: (name: string) => string | null | undefined): { page: number } {
  return { page: parsePageParam(get('page')) };
}

/** The category id a `/kategoria/:slug` segment names (its leading digits), or null when it names none. */
export function categoryIdOf(slug: string): number | null {
  const match = /^(\d{1,10})(?:-|$)/.exec(slug);
  const id = match ? Number(match[1]) : 0;
  return id >= 1 && id <= 2_147_483_647 ? id : null;
}

/** The tag a `/tag/:name` segment names (decoded), or null when no tag can have it (empty, too long, NUL). */
export function tagNameOf(param: string): string | null {
  const name = param.trim();
  return name && name.length <= 50 && !name.includes('\u0000') ? name : null;
}
