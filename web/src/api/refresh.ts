import { mutate } from 'swr';
import { dropPageData } from './page-data.ts';

/**
 * Puts fresh data under `key` whether or not a screen shows it right now. A bare `mutate(key)` only
 * re-fetches for mounted hooks; with the app's „never stale” defaults (swr-config.ts) a list changed from
 * another screen (the editor saving, then the posts list opening) would otherwise show its old copy.
 */
export async function refetch<T>(key: string, fetcher: () => Promise<T>): Promise<void> {
  await mutate(key, fetcher(), { revalidate: false, populateCache: true });
}

/** Drops cached copies so the next screen that needs them fetches afresh (public lists, one post). */
export async function forget(match: (key: unknown) => boolean): Promise<void> {
  dropPageData();
  await mutate(match, undefined, { revalidate: false });
}

/**
 * Keys of the public side cached in this tab: ['posts', page, limit, q], ['post', slug] and a category's
 * or tag's list, ['archive', kind, value, page, limit].
 */
export const isPublicPostKey = (key: unknown): boolean =>
  Array.isArray(key) && (key[0] === 'posts' || key[0] === 'post' || key[0] === 'archive');
