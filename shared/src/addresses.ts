/**
 * `@blog/shared/addresses`: every address of the product's pages, written once. The tables are the
 * web router's patterns (react-router syntax); the builders make a page's path from its data, and
 * absolute links (feeds, sitemap, e-mails) are the site's URL followed by the same path. Browser-safe.
 */
import { slugFromTitle } from './rules/slug.ts';

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
  // The readers' archives, Polish like the rest of the reader side.
  category: '/kategoria/:slug',
  tag: '/tag/:name',
} as const;

export type PublicPage = keyof typeof PUBLIC_PAGES;

/** Every path under it is the admin panel's (it shows its own unknown paths, behind sign-in). */
export const ADMIN_PAGES_BASE = '/admin';

/** The admin panel's screens by path (react-router patterns, each under ADMIN_PAGES_BASE). */
export const ADMIN_PAGES = {
  dashboard: ADMIN_PAGES_BASE,
  posts: `${ADMIN_PAGES_BASE}/posts`,
  postNew: `${ADMIN_PAGES_BASE}/posts/new`,
  postEdit: `${ADMIN_PAGES_BASE}/posts/edit/:id`,
  categories: `${ADMIN_PAGES_BASE}/categories`,
  comments: `${ADMIN_PAGES_BASE}/comments`,
  users: `${ADMIN_PAGES_BASE}/users`,
  subscriptions: `${ADMIN_PAGES_BASE}/subscriptions`,
  settings: `${ADMIN_PAGES_BASE}/settings`,
  logs: `${ADMIN_PAGES_BASE}/logs`,
} as const;

export type AdminPage = keyof typeof ADMIN_PAGES;

/** Whether `pathname` is the panel's: its base or anything under it. */
export const isAdminPathname = (pathname: string): boolean =>
  pathname === ADMIN_PAGES_BASE || pathname.startsWith(`${ADMIN_PAGES_BASE}/`);

/**
 * A page's path: `pattern` (a PUBLIC_PAGES or ADMIN_PAGES entry) with each `:name` segment replaced by
 * its value, encoded as one path segment.
 */
export function pagePath(pattern: string, params: Record<string, string | number> = {}): string {
  return pattern.replace(/:(\w+)/g, (_, name: string) => {
    const value = params[name];
    if (value === undefined) throw new Error(`${pattern}: no value for :${name}`);
    return encodeURIComponent(String(value));
  });
}

/** An article's address (`/post/moj-wpis`): its slug, one encoded segment. */
export const postPath = (slug: string): string => pagePath(PUBLIC_PAGES.post, { slug });

/**
 * A category page's address: its id, then its name as a slug (`/kategoria/3-sztuczna-inteligencja`).
 * The id decides (categories have no stored slug, and a renamed category keeps its old links working);
 * the name is for people, and the page's canonical link carries the current one.
 */
export function categoryPath(category: { id: number; name: string }): string {
  const slug = slugFromTitle(category.name);
  return pagePath(PUBLIC_PAGES.category, { slug: `${category.id}${slug ? `-${slug}` : ''}` });
}

/**
 * A tag page's address: the tag's own name (tags are unique by name regardless of case and have no id
 * on a post), encoded as one path segment.
 */
export const tagPath = (name: string): string => pagePath(PUBLIC_PAGES.tag, { name });

/** The admin screen editing the post `id`. */
export const adminPostEditPath = (id: number): string => pagePath(ADMIN_PAGES.postEdit, { id });

/** A page's path with a query (`/auth?next=%2Fadmin`); without parameters, the path alone. */
export function withQuery(pathname: string, query: Record<string, string> = {}): string {
  const search = new URLSearchParams(query).toString();
  return search ? `${pathname}?${search}` : pathname;
}

/**
 * An absolute link to a page: the site's public URL (which may carry a path prefix, kept: the URL API's
 * root-relative resolution would drop it) followed by the page's path and query.
 */
export function absoluteLink(siteUrl: string, pathname: string, query: Record<string, string> = {}): string {
  return `${siteUrl.replace(/\/+$/, '')}${withQuery(pathname, query)}`;
}

/** The fixed start of a pattern, up to its first parameter (`/post/` of `/post/:slug`): what its paths begin with. */
export function staticPrefix(pattern: string): string {
  const at = pattern.indexOf(':');
  return at < 0 ? pattern : pattern.slice(0, at);
}

/**
 * A pattern (`/post/:slug`) as an expression over a pathname, matching as the web's router does (a
 * trailing slash allowed); each parameter is a named group holding its raw (still encoded) segment.
 */
export function pagePattern(pattern: string): RegExp {
  const source = pattern
    .split('/')
    .map((segment) =>
      segment.startsWith(':')
        ? `(?<${segment.slice(1)}>[^/]+)`
        : segment.replace(/[.*+?^${}()|[\]\\]/g, '\\$&'),
    )
    .join('/');
  return new RegExp(pattern === '/' ? '^/$' : `^${source}/?$`);
}
