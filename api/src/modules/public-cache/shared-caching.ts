import type { Config } from '../../config.ts';
import type { ContentStamp } from './content-changes.ts';

/**
 * How public answers may be kept by caches in front of the API (a CDN, Varnish) and how they are
 * dropped there: with a purge target configured, every answer that follows the content names its
 * surrogate keys, and every change the database reports is purged by the same keys (docs/cdn.md).
 *
 * The keys are the scopes the database notifies (content-changes.ts): `site` for every content answer,
 * `post-<id>` besides for an article's JSON and page (its comments change it alone).
 */

/** Seconds a shared cache keeps a content answer: long, since every change purges it by key. */
export const SHARED_MAX_AGE = 86_400;
/** Seconds a shared cache may serve an expired answer while it fetches a fresh one. */
export const STALE_WHILE_REVALIDATE = 60;
/** Seconds a shared cache may serve an answer while the API is down or failing. */
export const STALE_IF_ERROR = 86_400;

/**
 * What a router puts in `cacheControl` for an answer that follows the content: the process's
 * ContentCaching turns it into the headers (one place decides them, from CDN_PURGE).
 */
export const FOLLOWS_CONTENT: unique symbol = Symbol('follows content');

/** The cache in front that changes are purged from (`none`: nothing purges one). */
export type PurgeTarget = Config['CDN_PURGE'];

/** How content answers may be cached outside the process, for one purge configuration. */
export interface ContentCaching {
  /** Whether a cache in front is purged on every change (then it may keep answers long). */
  readonly purged: boolean;
  /** The Cache-Control of a content answer. */
  readonly cacheControl: string;
  /** The headers a shared cache reads its lifetime and keys from; none without purges. */
  sharedHeaders(stamp: ContentStamp): Partial<Record<(typeof SHARED_CACHE_HEADERS)[number], string>>;
}

/**
 * With a purge target, a content answer is revalidated by browsers every time (ETag, 304), so a reader
 * sees a change at once, while shared caches keep it for SHARED_MAX_AGE unless purged by key, and serve
 * it stale if the API fails. stale-while-revalidate is for shared caches only (CDN-Cache-Control,
 * Surrogate-Control): browsers honour it too, and would show a reader's own new comment only on the
 * load after next.
 *
 * Without one, nothing would drop a kept answer: a proxy in front would serve an unpublished, hidden or
 * deleted post for as long as it was told it may. So every cache, shared or not, must ask the API
 * before each reuse: `no-cache` (the ETag makes that a 304), and no lifetime or keys aimed at CDNs.
 * `no-cache` rather than `max-age=0, must-revalidate`: Varnish and others grant a zero-lifetime answer
 * a grace period of stale serving unless the VCL says otherwise, but keep no `no-cache` answer at all.
 */
export function contentCaching(target: PurgeTarget): ContentCaching {
  if (target === 'none') return { purged: false, cacheControl: 'no-cache', sharedHeaders: () => ({}) };
  const sharedOnly = `max-age=${SHARED_MAX_AGE}, stale-while-revalidate=${STALE_WHILE_REVALIDATE}, stale-if-error=${STALE_IF_ERROR}`;
  return {
    purged: true,
    cacheControl: `public, max-age=0, s-maxage=${SHARED_MAX_AGE}, stale-if-error=${STALE_IF_ERROR}`,
    // `Surrogate-Key` (Fastly; Varnish copies it to xkey), `Cache-Tag` (Cloudflare), and the lifetimes
    // targeted at CDNs (`CDN-Cache-Control` for Cloudflare and others that read RFC 9213,
    // `Surrogate-Control` for Fastly and the reference VCL).
    sharedHeaders(stamp) {
      const keys = surrogateKeys(stamp);
      return {
        'cdn-cache-control': `public, ${sharedOnly}`,
        'surrogate-control': sharedOnly,
        'surrogate-key': keys.join(' '),
        'cache-tag': keys.join(','),
      };
    },
  };
}

/** Seconds a shared cache keeps a 301 from an old slug (purged with `site` before that, on any change). */
export const REDIRECT_SHARED_MAX_AGE = 300;

/**
 * The headers of a 301 from a post's old slug. It follows the posts (the post unpublished, the old
 * slug taken by another post), so it is kept like content: by no cache in front without purges, else
 * purged with `site`, and kept only minutes: unlike a page it carries no stamp, so an answer whose
 * read a change overtook cannot be told apart.
 */
export function redirectHeaders(target: PurgeTarget): Record<string, string> {
  if (target === 'none') return { 'cache-control': 'no-cache' };
  return {
    'cache-control': `public, max-age=0, s-maxage=${REDIRECT_SHARED_MAX_AGE}`,
    'surrogate-key': SITE_KEY,
    'cache-tag': SITE_KEY,
  };
}

/** An answer for one caller (signed in, staff, a form with a token): kept by no cache at all. */
export const PRIVATE_CACHE_CONTROL = 'private, no-store';

/** The headers a shared cache reads its lifetime and keys from (names lower-case, as Node keeps them). */
export const SHARED_CACHE_HEADERS = [
  'cdn-cache-control',
  'surrogate-control',
  'surrogate-key',
  'cache-tag',
] as const;

export const SITE_KEY = 'site';
export const postKey = (postId: number) => `post-${postId}`;
/** An uploaded image's file (one key per file: removing an upload purges each of its widths). */
export const imageKey = (fileName: string) => `image-${fileName}`;
/** The file an image key names, or null for any other key. */
export function imageOfKey(key: string): string | null {
  const file = /^image-([A-Za-z0-9][A-Za-z0-9_.-]{0,160})$/.exec(key);
  return file ? file[1]! : null;
}

/** The surrogate keys of an answer built from `stamp`. */
export function surrogateKeys(stamp: ContentStamp): string[] {
  return stamp.post ? [SITE_KEY, postKey(stamp.post.id)] : [SITE_KEY];
}

/**
 * The keys to purge for a scope the database notified (`site`, `post:<id>`, `image:<file>` for a
 * removed upload); none for anything else.
 */
export function purgeKeysOf(scope: string): string[] {
  if (scope === 'site') return [SITE_KEY];
  const post = /^post:(\d{1,10})$/.exec(scope);
  if (post) return [postKey(Number(post[1]))];
  const key = scope.startsWith('image:') ? imageKey(scope.slice('image:'.length)) : null;
  return key && imageOfKey(key) ? [key] : [];
}

/**
 * The keys of an uploaded image's answer, with a purge target (none without: nothing would purge
 * them). Its lifetime stays a year everywhere: a name is never reused, and a removed file is purged.
 */
export function imageSharedHeaders(target: PurgeTarget, fileName: string): Record<string, string> {
  if (target === 'none') return {};
  return { 'surrogate-key': imageKey(fileName), 'cache-tag': imageKey(fileName) };
}

/** Requests that carry a session (marked by the edge, which sees every request before Express). */
const signedIn = new WeakSet<object>();
/** This request carries a session cookie: whatever answers it is that caller's alone. */
export const markSignedIn = (req: object) => signedIn.add(req);
export const isSignedIn = (req: object) => signedIn.has(req);

/** `headers` of an answer no shared cache may keep (it may predate a change already purged). */
export function unshared(headers: Record<string, string>): Record<string, string> {
  const kept: Record<string, string> = { ...headers, 'cache-control': 'no-cache' };
  for (const name of SHARED_CACHE_HEADERS) delete kept[name];
  return kept;
}

/** `headers` for one caller: nothing a shared cache could keep or purge by. */
export function privateHeaders(headers: Record<string, string>): Record<string, string> {
  const own: Record<string, string> = { ...headers, 'cache-control': PRIVATE_CACHE_CONTROL };
  for (const name of SHARED_CACHE_HEADERS) delete own[name];
  return own;
}
