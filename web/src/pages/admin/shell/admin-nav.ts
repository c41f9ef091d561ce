import { can, type Role } from '@blog/shared/policy';
import { ADMIN_PAGES, staticPrefix } from '@blog/shared/addresses';

export interface AdminNavItem {
  to: string;
  label: string;
  /** Part of the site's administration (the policy's `administerSite`): hidden from whoever may not. */
  adminOnly: boolean;
}

/** The admin sidebar, in its order; the link back to the blog is drawn separately. */
export const ADMIN_NAV: readonly AdminNavItem[] = [
  { to: ADMIN_PAGES.dashboard, label: 'Pulpit', adminOnly: false },
  { to: ADMIN_PAGES.posts, label: 'Wszystkie posty', adminOnly: false },
  { to: ADMIN_PAGES.postNew, label: 'Nowy post', adminOnly: false },
  { to: ADMIN_PAGES.categories, label: 'Kategorie', adminOnly: false },
  { to: ADMIN_PAGES.comments, label: 'Komentarze', adminOnly: false },
  { to: ADMIN_PAGES.users, label: 'Użytkownicy', adminOnly: true },
  { to: ADMIN_PAGES.subscriptions, label: 'Subskrypcje', adminOnly: true },
  { to: ADMIN_PAGES.settings, label: 'Ustawienia', adminOnly: true },
  { to: ADMIN_PAGES.logs, label: 'Logi', adminOnly: true },
];

export function adminNavFor(role: Role): AdminNavItem[] {
  return ADMIN_NAV.filter((item) => !item.adminOnly || can({ role }, 'administerSite'));
}

/**
 * Whether `to` is the current section. The dashboard and „new post” match only themselves; „all posts”
 * also covers the edit screens, but not „new post”, which has its own entry.
 */
export function isAdminNavActive(to: string, pathname: string): boolean {
  const path = pathname.length > 1 ? pathname.replace(/\/+$/, '') : pathname;
  if (to === ADMIN_PAGES.dashboard || to === ADMIN_PAGES.postNew) return path === to;
  if (to === ADMIN_PAGES.posts) return path === to || path.startsWith(staticPrefix(ADMIN_PAGES.postEdit));
  return path === to || path.startsWith(`${to}/`);
}
