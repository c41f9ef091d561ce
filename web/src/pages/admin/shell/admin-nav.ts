import { can, type Role } from '@blog/shared/policy';

export interface AdminNavItem {
  to: string;
  label: string;
  /** Part of the site's administration (the policy's `administerSite`): hidden from whoever may not. */
  adminOnly: boolean;
}

/** The admin sidebar, in its order; the link back to the blog is drawn separately. */
export const ADMIN_NAV: readonly AdminNavItem[] = [
  { to: '/admin', label: 'Pulpit', adminOnly: false },
  { to: '/admin/posts', label: 'Wszystkie posty', adminOnly: false },
  { to: '/admin/posts/new', label: 'Nowy post', adminOnly: false },
  { to: '/admin/categories', label: 'Kategorie', adminOnly: false },
  { to: '/admin/comments', label: 'Komentarze', adminOnly: false },
  { to: '/admin/users', label: 'Użytkownicy', adminOnly: true },
  { to: '/admin/subscriptions', label: 'Subskrypcje', adminOnly: true },
  { to: '/admin/settings', label: 'Ustawienia', adminOnly: true },
  { to: '/admin/logs', label: 'Logi', adminOnly: true },
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
  if (to === '/admin' || to === '/admin/posts/new') return path === to;
  if (to === '/admin/posts') return path === to || path.startsWith('/admin/posts/edit/');
  return path === to || path.startsWith(`${to}/`);
}
