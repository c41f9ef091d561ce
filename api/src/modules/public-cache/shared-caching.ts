import type { ContentStamp } from './content-changes.ts';

/**
 * How public answers may be kept by caches in front of the API (a CDN, Varnish) and how they are
 * dropped there: every answer that follows the content names its surrogate keys, and every change the
 * database reports is purged by the same keys (docs/cdn.md).
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
 * A content answer: browsers revalidate every time (ETag, 304), so a reader sees a change at once;
 * shared caches keep it for SHARED_MAX_AGE unless purged, and serve it stale if the API fails.
 * stale-while-revalidate is for shared caches only (CDN-Cache-Control, Surrogate-Control): browsers
 * honour it too, and would show a reader's own new comment only on the load after next.
 */
export const CONTENT_CACHE_CONTROL = `public, max-age=0, s-maxage=${SHARED_MAX_AGE}, stale-if-error=${STALE_IF_ERROR}`;
const SHARED_ONLY = `max-age=${SHARED_MAX_AGE}, stale-while-revalidate=${STALE_WHILE_REVALIDATE}, stale-if-error=${STALE_IF_ERROR}`;

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

/** The surrogate keys of an answer built from `stamp`. */
export function surrogateKeys(stamp: ContentStamp): string[] {
  return stamp.post ? [SITE_KEY, postKey(stamp.post.id)] : [SITE_KEY];
}

/**
 * The headers that let a shared cache keep a content answer and purge it by key: `Surrogate-Key`
 * (Fastly; Varnish copies it to xkey), `Cache-Tag` (Cloudflare), and the lifetimes targeted at CDNs
 * (`CDN-Cache-Control` for Cloudflare and others that read RFC 9213, `Surrogate-Control` for Fastly).
 */
export function sharedCacheHeaders(
  stamp: ContentStamp,
): Record<(typeof SHARED_CACHE_HEADERS)[number], string> {
  const keys = surrogateKeys(stamp);
  return {
    'cdn-cache-control': `public, ${SHARED_ONLY}`,
    'surrogate-control': SHARED_ONLY,
    'surrogate-key': keys.join(' '),
    'cache-tag': keys.join(','),
  };
}

/** The keys to purge for a scope the database notified (`site`, `post:<id>`); none for anything else. */
export function purgeKeysOf(scope: string): string[] {
  if (scope === 'site') return [SITE_KEY];
  const post = /^post:(\d{1,10})$/.exec(scope);
  return post ? [postKey(Number(post[1]))] : [];
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
