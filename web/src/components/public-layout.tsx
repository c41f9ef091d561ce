import { Suspense, useEffect, useRef } from 'react';
import { Outlet, useLocation } from 'react-router';
import { SiteFooter } from './site-footer.tsx';
import { SiteHeader } from './site-header.tsx';
import { HydrationSlice } from './hydration-slice.tsx';
import { PageLoading } from './page-loading.tsx';

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

/** Where the skip link moves the focus (the id Chakra's skip link uses, as the panel's does). */
const SKIP_TARGET = 'chakra-skip-nav';

/** Chrome of every public page: header, main content, footer. */
export function PublicLayout() {
  return (
    // Plain elements styled by theme/public-static.css: this is every public page's frame.
    <div className="site-shell">
      <ScrollToTopOnNavigate />
      {/* Chakra's SkipNavLink and SkipNavContent, drawn as they draw them (theme/public-static.css). */}
      <a href={`#${SKIP_TARGET}`} className="skip-link">
        Przejdź do treści
      </a>
      <HydrationSlice>
        <SiteHeader />
      </HydrationSlice>
      <main className="site-main">
        <div id={SKIP_TARGET} tabIndex={-1} style={{ outline: 0 }} />
        {/* Reader pages other than the home page load on demand: header and footer stay while they do. */}
        <Suspense fallback={<PageLoading />}>
          <Outlet />
        </Suspense>
      </main>
      <HydrationSlice>
        <SiteFooter />
      </HydrationSlice>
    </div>
  );
}
