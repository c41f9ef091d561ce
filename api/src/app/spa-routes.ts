import { isAdminPathname, pagePattern, PUBLIC_PAGES } from '@blog/shared/addresses';

/**
 * The paths the web app has a page for: the same table its router is built from
 * (`PUBLIC_PAGES`, @blog/shared/addresses). Anything else is answered with the app's shell and HTTP
 * 404, and the app shows its "Page not found" screen. Every /admin path is the panel's.
 */
const READER_ROUTES: RegExp[] = Object.values(PUBLIC_PAGES).map(pagePattern);

export const isSpaRoute = (pathname: string) =>
  isAdminPathname(pathname) || READER_ROUTES.some((route) => route.test(pathname));
