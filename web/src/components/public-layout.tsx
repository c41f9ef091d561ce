import { Center, SkipNavContent, SkipNavLink, Spinner } from '@chakra-ui/react';
import { Suspense, useEffect, useRef } from 'react';
import { Outlet, useLocation } from 'react-router';
import { SiteFooter } from './site-footer.tsx';
import { SiteHeader } from './site-header.tsx';
import { HydrationSlice } from './hydration-slice.tsx';

/**
 * Declarative routing has no scroll restoration of its own: a new page starts at the top. Not on the
 * first render: the page came from the server, and a reader who scrolled before hydration (or the
 * browser restoring a reload's position) stays where they are.
 */
function ScrollToTopOnNavigate() {
  const { pathname } = useLocation();
  const shown = useRef(pathname);
  useEffect(() => {
    if (shown.current === pathname) return;
    shown.current = pathname;
    window.scrollTo({ top: 0 });
  }, [pathname]);
  return null;
}

/** Chrome of every public page: header, main content, footer. */
export function PublicLayout() {
  return (
    // Plain elements styled by theme/public-static.css: this is every public page's frame.
    <div className="site-shell">
      <ScrollToTopOnNavigate />
      <SkipNavLink>Przejdź do treści</SkipNavLink>
      <HydrationSlice>
        <SiteHeader />
      </HydrationSlice>
      <main className="site-main">
        <SkipNavContent />
        {/* Reader pages other than the home page load on demand: header and footer stay while they do. */}
        <Suspense
          fallback={
            <Center minHeight="60vh">
              <Spinner size="lg" color="brand.solid" aria-label="Wczytywanie strony" />
            </Center>
          }
        >
          <Outlet />
        </Suspense>
      </main>
      <HydrationSlice>
        <SiteFooter />
      </HydrationSlice>
    </div>
  );
}
