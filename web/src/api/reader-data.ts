import type { ReaderData } from '@blog/openapi';
import { type Arguments, mutate } from 'swr';
import { type PostListPage, postKey, postListKey } from './posts.ts';

// What the server wrote into the page (the contract's ReaderData) is what the list call's hook keeps.
const asListPage = (list: NonNullable<ReaderData['homePosts']>): PostListPage => list;
import { SITE_SETTINGS_KEY } from './site-settings.ts';

/**
 * Puts the data the server wrote into the page's HTML into SWR's cache under the keys the hooks use,
 * so the first render already shows the page (no fetch after the script has run). It is ordinary
 * cached data: a later change from the panel drops or refreshes it like any fetched copy (refresh.ts),
 * which SWR's `fallback` data would not allow. Nothing happens when the page carries none or it cannot
 * be read: the hooks then fetch as usual.
 */
export function primeFromReaderData(doc: Document = document): void {
  const text = doc.getElementById('reader-data')?.textContent;
  if (!text) return;
  let data: ReaderData;
  try {
    data = JSON.parse(text) as ReaderData;
  } catch {
    return;
  }
  // Plain values (not promises): SWR writes each to its cache before `mutate` returns.
  const prime = (key: Arguments, value: unknown) => void mutate(key, value, { revalidate: false });
  if (data.siteSettings) prime(SITE_SETTINGS_KEY, data.siteSettings);
  const list = data.homePosts;
  if (list) prime(postListKey(list.page, list.limit, ''), asListPage(list));
  if (data.post) prime(postKey(data.post.slug), data.post);
}
