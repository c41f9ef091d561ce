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
} as const;

export type PublicPage = keyof typeof PUBLIC_PAGES;

/** Every path under it is the admin panel's (it shows its own unknown paths, behind sign-in). */
export const ADMIN_PAGES_BASE = '/admin';
