import { PAGE_DATA_ID, type PageData, type ReaderSource } from '@blog/shared/page-render';
import { categoryIdOf, tagNameOf } from '@blog/shared/rules';
import { PUBLIC_PAGES } from '@blog/shared/addresses';
import { matchPath } from 'react-router';
import { type Arguments, mutate, unstable_serialize } from 'swr';
import { routerPath } from '../lib/router-path.ts';
import { HOME_POSTS_COUNT } from '../lib/site.ts';
import { CATEGORIES_KEY } from './categories.ts';
import {
  archiveListKey,
  archivePageQuery,
  type ArchiveFilter,
  postKey,
  postListKey,
  postsPageQuery,
} from './posts.ts';
import { SITE_SETTINGS_KEY } from './site-settings.ts';

/**
 * The data the public page at `address` (its path as requested) + `search` reads on its first render,
 * under the SWR keys its hooks use (serialized): on the server it is SWR's `fallback` while the page renders, in the browser the
 * same while it hydrates. What the source cannot give is left out (`complete` false); the page then draws
 * its loading state and the browser fetches it.
 */
export async function pageFallback(
  address: string,
  search: string,
  source: ReaderSource,
): Promise<{ fallback: Record<string, unknown>; complete: boolean }> {
  const pathname = routerPath(address);
  // Every public page shows the settings (the header's link, the footer's description).
  const wanted: [Arguments, Promise<unknown>][] = [[SITE_SETTINGS_KEY, source.siteSettings()]];
  if (matchPath(PUBLIC_PAGES.home, pathname)) {
    const query = { page: 1, limit: HOME_POSTS_COUNT, q: '' };
    wanted.push([postListKey(query.page, query.limit, query.q), source.postList(query)]);
  } else if (matchPath(PUBLIC_PAGES.posts, pathname)) {
    const query = postsPageQuery(new URLSearchParams(search));
    wanted.push([postListKey(query.page, query.limit, query.q), source.postList(query)]);
  } else if (matchPath(PUBLIC_PAGES.category, pathname) || matchPath(PUBLIC_PAGES.tag, pathname)) {
    const categorySlug = matchPath(PUBLIC_PAGES.category, pathname)?.params.slug;
    const tagParam = matchPath(PUBLIC_PAGES.tag, pathname)?.params.name;
    let filter: ArchiveFilter | null = null;
    if (categorySlug !== undefined) {
      // The heading (the category's name) and whether it exists come from the visible categories.
      wanted.push([CATEGORIES_KEY, source.categories()]);
      const category = categoryIdOf(categorySlug);
      if (category !== null) filter = { category };
    } else {
      const tag = tagNameOf(tagParam ?? '');
      if (tag !== null) filter = { tag };
    }
    if (filter) {
      const { page, limit } = archivePageQuery(new URLSearchParams(search));
      wanted.push([archiveListKey(filter, page, limit), source.postList({ page, limit, q: '', ...filter })]);
    }
  } else {
    const slug = matchPath(PUBLIC_PAGES.post, pathname)?.params.slug;
    if (slug) wanted.push([postKey(slug), source.post(slug)]);
  }
  const answers = await Promise.allSettled(wanted.map(([, answer]) => answer));
  const fallback: Record<string, unknown> = {};
  answers.forEach((answer, index) => {
    if (answer.status === 'fulfilled') fallback[unstable_serialize(wanted[index][0])] = answer.value;
  });
  return { fallback, complete: answers.every((answer) => answer.status === 'fulfilled') };
}

/**
 * The data of the server-rendered page this visit started on: SWR's fallback for the whole visit (the
 * hooks read it until they fetch or are given newer data). One object, emptied by `dropPageData`.
 */
let visitFallback: Record<string, unknown> = {};

/** The PageData a server-rendered page carries, or null for a page the browser draws alone (the panel). */
export function readPageData(doc: Document = document): PageData | null {
  const text = doc.getElementById(PAGE_DATA_ID)?.textContent;
  if (!text) return null;
  try {
    const data = JSON.parse(text) as PageData;
    visitFallback = data.fallback;
    return data;
  } catch {
    return null;
  }
}

/**
 * Forgets the server's data (a change from the panel made it old): a hook without newer data then
 * fetches, as it would for any dropped copy (refresh.ts). Nothing re-renders for it now.
 */
export function dropPageData(): void {
  for (const key of Object.keys(visitFallback)) delete visitFallback[key];
}

/**
 * Once the page has hydrated: an article the server rendered as not found for readers (`null`) is asked
 * again, so staff get their preview. Everything else stays as the server gave it (no second render).
 */
export function afterHydration(fallback: Record<string, unknown>): void {
  for (const [key, value] of Object.entries(fallback)) {
    if (value === null) void mutate(key).catch(() => undefined);
  }
}
