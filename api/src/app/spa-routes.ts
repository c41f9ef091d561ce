import { ADMIN_PAGES_BASE, PUBLIC_PAGES } from '@blog/shared/rules';

/** A react-router pattern (`/post/:slug`) as an expression over a pathname (a trailing slash allowed). */
export function patternOf(path: string): RegExp {
  const source = path
    .split('/')
    .map((segment) => (segment.startsWith(':') ? '[^/]+' : segment.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')))
    .join('/');
  return new RegExp(path === '/' ? '^/$' : `^${source}/?$`);
}

/**
 * The paths the web app has a page for: the same table its router is built from
 * (`PUBLIC_PAGES`, @blog/shared/rules). Anything else is answered with the app's shell and HTTP
 * 404, and the app shows its "Page not found" screen. Every /admin path is the panel's.
 */
const SPA_ROUTES: RegExp[] = [
  ...Object.values(PUBLIC_PAGES).map(patternOf),
  new RegExp(`^${ADMIN_PAGES_BASE}(/.*)?$`),
];

export const isSpaRoute = (pathname: string) => SPA_ROUTES.some((route) => route.test(pathname));
