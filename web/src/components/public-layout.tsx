import { Box, Center, Flex, SkipNavContent, SkipNavLink, Spinner } from '@chakra-ui/react';
import { Suspense, useEffect } from 'react';
import { Outlet, useLocation } from 'react-router';
import { SiteFooter } from './site-footer.tsx';
import { SiteHeader } from './site-header.tsx';

/** Declarative routing has no scroll restoration of its own: a new page starts at the top. */
function ScrollToTopOnNavigate() {
  const { pathname } = useLocation();
  // Runs exactly when the path changes (pathname is read only to trigger it).
  useEffect(() => {
    window.scrollTo({ top: 0 });
  }, [pathname]);
  return null;
}

/** Chrome of every public page: header, main content, footer. */
export function PublicLayout() {
  return (
    <Flex direction="column" minHeight="100dvh">
      <ScrollToTopOnNavigate />
      <SkipNavLink>Przejdź do treści</SkipNavLink>
      <SiteHeader />
      <Box as="main" flex="1" width="100%">
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
      </Box>
      <SiteFooter />
    </Flex>
  );
}
