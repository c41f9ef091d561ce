export interface NavLinkItem {
  to: string;
  label: string;
}

/** The main navigation of the public site (header, mobile menu and footer). */
export const MAIN_NAV: readonly NavLinkItem[] = [
  { to: '/', label: 'Strona główna' },
  { to: '/posts', label: 'Artykuły' },
  { to: '/about', label: 'O Blogu' },
  { to: '/contact', label: 'Kontakt' },
];

/** Whether a nav link is the current section; an article page belongs to „Artykuły”. */
export function isNavLinkActive(to: string, pathname: string): boolean {
  if (to === '/') return pathname === '/';
  if (to === '/posts') return pathname === '/posts' || pathname.startsWith('/post/');
  return pathname === to || pathname.startsWith(`${to}/`);
}
