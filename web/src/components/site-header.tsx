import { ExternalLink, Menu } from 'lucide-react';
import { Link as RouterLink, useLocation } from 'react-router';
import { useSession } from '../api/session.ts';
import { useSiteSettings } from '../api/site-settings.ts';
import { BLOG_NAME, DEFAULT_TITLE_LINK } from '../lib/site.ts';
import { BrandMark } from './brand-mark.tsx';
import { isNavLinkActive, MAIN_NAV } from './nav-links.ts';
import { LogoutButton } from './logout-button.tsx';
import { MOBILE_MENU_ID, MobileMenu } from './mobile-menu.tsx';

/** Sticky site header: brand, main navigation, „Nie klikaj tu!”, „Wyloguj” when signed in; a side menu on mobile. */
export function SiteHeader() {
  const { pathname } = useLocation();
  const { settings } = useSiteSettings();
  const { isSignedIn } = useSession();
  // A link the app follows leaves the page in place: the menu is closed by it.
  const closeMenu = () => document.getElementById(MOBILE_MENU_ID)?.hidePopover();
  const titleLink = settings?.titleLink ?? DEFAULT_TITLE_LINK;

  const navLinks = (onNavigate?: () => void) =>
    MAIN_NAV.map((item) => {
      const active = isNavLinkActive(item.to, pathname);
      return (
        <RouterLink
          key={item.to}
          className="site-link site-nav-link"
          to={item.to}
          aria-current={active ? 'page' : undefined}
          onClick={onNavigate}
        >
          {item.label}
        </RouterLink>
      );
    });

  const dontClick = (
    <a className="site-link site-dont-click" href={titleLink} target="_blank" rel="noopener noreferrer">
      Nie klikaj tu!
      <ExternalLink size={14} aria-hidden="true" />
    </a>
  );

  const logoutButton = isSignedIn ? <LogoutButton /> : null;

  // Plain elements styled by theme/public-static.css: the header is on every public page.
  return (
    <header className="site-header">
      <div className="site-container site-header__container">
        <div className="site-header__bar">
          <RouterLink className="site-link site-header__home" to="/">
            <BrandMark />
            <span className="brand-name">{BLOG_NAME}</span>
          </RouterLink>

          <nav className="site-header__nav" aria-label="Główna nawigacja">
            {navLinks()}
          </nav>

          <div className="site-header__actions">
            {dontClick}
            {logoutButton}
          </div>

          {/* The browser opens the menu itself (a popover): a tap before the app's code has arrived opens it too. */}
          <button
            type="button"
            className="site-icon-button site-header__menu-button"
            aria-label="Otwórz menu"
            aria-haspopup="dialog"
            popoverTarget={MOBILE_MENU_ID}
          >
            <Menu />
          </button>
          <MobileMenu>
            <nav className="mobile-menu__nav" aria-label="Menu mobilne">
              {navLinks(closeMenu)}
            </nav>
            <div className="mobile-menu__actions">
              {dontClick}
              {logoutButton}
            </div>
          </MobileMenu>
        </div>
      </div>
    </header>
  );
}
