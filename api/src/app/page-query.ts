import type { RequestHandler } from 'express';

/** The query parameters each page of the web app reads (web/src: useSearchParams); every other page reads none. */
const PAGE_QUERY: [RegExp, readonly string[]][] = [
  [/^\/posts\/?$/, ['q', 'page']],
  [/^\/auth\/?$/, ['next']],
  [/^\/auth\/reset\/?$/, ['token']],
  [/^\/unsubscribe\/?$/, ['email', 'category', 'token']],
  [/^\/subscribe\/confirm\/?$/, ['token']],
];

/**
 * The address of the same page without the query parameters it does not read (each kept once, in URL
 * form), or undefined when `search` is that already. A reader following `?utm_source=…` lands on the
 * page; an attacker varying `?x=1`, `?x=2`… cannot fill the public cache with copies (cache flushing).
 */
export function canonicalPageUrl(pathname: string, search: string): string | undefined {
  if (search === '') return undefined;
  const allowed = PAGE_QUERY.find(([pattern]) => pattern.test(pathname))?.[1] ?? [];
  const given = new URLSearchParams(search);
  const kept = new URLSearchParams();
  for (const [name, value] of given) if (allowed.includes(name) && !kept.has(name)) kept.set(name, value);
  const canonical = kept.size > 0 ? `?${kept.toString()}` : '';
  return canonical === search ? undefined : `${pathname}${canonical}`;
}

/** 301 to the canonical address for a page read (the public cache then only ever sees those). */
export const canonicalPageQuery: RequestHandler = (req, res, next) => {
  if (req.method !== 'GET' && req.method !== 'HEAD') return next();
  const at = req.originalUrl.indexOf('?');
  if (at === -1) return next();
  const target = canonicalPageUrl(req.originalUrl.slice(0, at), req.originalUrl.slice(at));
  if (target === undefined) return next();
  res.set('cache-control', 'public, max-age=3600').redirect(301, target);
};
