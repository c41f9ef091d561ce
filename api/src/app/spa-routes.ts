/**
 * The paths the web app has a page for (web/src/routes.tsx). Anything else is answered with the
 * app's shell and HTTP 404, and the app shows its "Page not found" screen. The admin panel keeps
 * its own unknown paths (behind sign-in), so every /admin path is the panel's.
 */
const SPA_ROUTES: RegExp[] = [
  /^\/$/,
  /^\/posts\/?$/,
  /^\/post\/[^/]+\/?$/,
  /^\/contact\/?$/,
  /^\/about\/?$/,
  /^\/cookies\/?$/,
  /^\/auth\/?$/,
  /^\/auth\/reset\/?$/,
  /^\/unsubscribe\/?$/,
  /^\/subscribe\/confirm\/?$/,
  /^\/admin(\/.*)?$/,
];

export const isSpaRoute = (pathname: string) => SPA_ROUTES.some((route) => route.test(pathname));
