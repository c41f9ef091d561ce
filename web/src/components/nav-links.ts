import { PUBLIC_PAGES, staticPrefix } from '@blog/shared/addresses';
export interface NavLinkItem {
  to: string;
  label: string;
}

/** The main navigation of the public site (header, mobile menu and footer). */
export const MAIN_NAV: readonly NavLinkItem[] = [
  { to: PUBLIC_PAGES.home, label: 'Strona główna' },
  { to: PUBLIC_PAGES.posts, label: 'Artykuły' },
  { to: PUBLIC_PAGES.about, label: 'O Blogu' },
  { to: PUBLIC_PAGES.contact, label: 'Kontakt' },
];

/** Whether a nav link is the current section; an article page belongs to „Artykuły”. */
export function isNavLinkActive(to: string, pathname: string): boolean {
  if (to === PUBLIC_PAGES.home) return pathname === PUBLIC_PAGES.home;
  if (to === PUBLIC_PAGES.posts)
    return pathname === PUBLIC_PAGES.posts || pathname.startsWith(staticPrefix(PUBLIC_PAGES.post));
  return pathname === to || pathname.startsWith(`${to}/`);
}
