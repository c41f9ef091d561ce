import { PUBLIC_PAGES } from '@blog/shared/addresses';
import { Share2 } from 'lucide-react';
import type { ReactNode } from 'react';
import { Link as RouterLink } from 'react-router';
import { useSiteSettings } from '../api/site-settings.ts';
import { BLOG_NAME, DEFAULT_BLOG_DESCRIPTION, SOCIAL_PROFILE_URL } from '../lib/site.ts';
import { useToday } from '../lib/today.ts';
import { BrandMark } from './brand-mark.tsx';
import { MAIN_NAV } from './nav-links.ts';

function FooterLink({ to, children }: { to: string; children: ReactNode }) {
  return (
    <RouterLink className="site-link site-footer__link site-footer__link--inner" to={to}>
      {children}
    </RouterLink>
  );
}

/**
 * Three columns (brand, „Szybkie linki”, „Informacje prawne”) and the copyright line. Plain elements
 * styled by theme/public-static.css: the footer is on every public page.
 */
export function SiteFooter() {
  const { settings } = useSiteSettings();
  const year = useToday().slice(0, 4);

  return (
    <footer className="site-footer">
      <div className="site-container site-footer__container">
        <div className="site-footer__columns">
          <div className="site-footer__column">
            <div className="site-footer__brand">
              <BrandMark small />
              <p className="brand-name">{BLOG_NAME}</p>
            </div>
            <p className="site-footer__about">{settings?.blogDescription ?? DEFAULT_BLOG_DESCRIPTION}</p>
          </div>

          <nav className="site-footer__column" aria-labelledby="footer-quick-links">
            <h2 id="footer-quick-links" className="site-footer__heading">
              Szybkie linki
            </h2>
            <ul className="site-footer__links">
              {MAIN_NAV.map((item) => (
                <li key={item.to}>
                  <FooterLink to={item.to}>{item.label}</FooterLink>
                </li>
              ))}
            </ul>
          </nav>

          <nav className="site-footer__column" aria-labelledby="footer-legal">
            <h2 id="footer-legal" className="site-footer__heading">
              Informacje prawne
            </h2>
            <ul className="site-footer__links">
              <li>
                <FooterLink to={PUBLIC_PAGES.cookies}>Polityka cookies</FooterLink>
              </li>
              <li>
                <FooterLink to={PUBLIC_PAGES.contact}>Kontakt z redakcją</FooterLink>
              </li>
            </ul>
          </nav>
        </div>

        <div className="site-footer__bottom">
          <p>
            © {year} {BLOG_NAME}. Wszelkie prawa zastrzeżone.
          </p>
          <div className="site-footer__more">
            <FooterLink to={PUBLIC_PAGES.auth}>Projekt i wykonanie</FooterLink>
            <FooterLink to={PUBLIC_PAGES.cookies}>Cookies</FooterLink>
            <a
              className="site-link site-footer__link"
              href={SOCIAL_PROFILE_URL}
              target="_blank"
              rel="noopener noreferrer"
            >
              <Share2 size={14} aria-hidden="true" />
              Profil społecznościowy
            </a>
          </div>
        </div>
      </div>
    </footer>
  );
}
