import { Box, Container, HStack, IconButton, Link, Stack, Text } from '@chakra-ui/react';
import { ExternalLink, Menu } from 'lucide-react';
import { lazy, Suspense, useRef, useState } from 'react';
import { Link as RouterLink, useLocation } from 'react-router';
import { useSession } from '../api/session.ts';
import { useSiteSettings } from '../api/site-settings.ts';
import { BLOG_NAME, DEFAULT_TITLE_LINK } from '../lib/site.ts';
import { BrandMark } from './brand-mark.tsx';
import { isNavLinkActive, MAIN_NAV } from './nav-links.ts';
import { LogoutButton } from './logout-button.tsx';

const loadMobileMenu = () => import('./mobile-menu.tsx');
const MobileMenu = lazy(async () => ({ default: (await loadMobileMenu()).MobileMenu }));

/** Sticky site header: brand, main navigation, „Nie klikaj tu!”, „Wyloguj” when signed in; a drawer on mobile. */
export function SiteHeader() {
  const { pathname } = useLocation();
  const { settings } = useSiteSettings();
  const { isSignedIn } = useSession();
  const [menuOpen, setMenuOpen] = useState(false);
  // The drawer's code is fetched when the reader heads for the button (hover, focus) and mounted on click.
  const [menuWanted, setMenuWanted] = useState(false);
  const menuButton = useRef<HTMLButtonElement>(null);
  const titleLink = settings?.titleLink ?? DEFAULT_TITLE_LINK;

  const navLinks = (onNavigate?: () => void) =>
    MAIN_NAV.map((item) => {
      const active = isNavLinkActive(item.to, pathname);
      return (
        <Link
          key={item.to}
          asChild
          px="3"
          py="2"
          borderRadius="md"
          fontWeight="medium"
          color={active ? 'brand.fg' : 'fg.muted'}
          bg={active ? 'brand.subtle' : undefined}
          textDecoration="none"
          _hover={{ color: 'brand.fg', bg: 'brand.subtle', textDecoration: 'none' }}
        >
          <RouterLink to={item.to} aria-current={active ? 'page' : undefined} onClick={onNavigate}>
            {item.label}
          </RouterLink>
        </Link>
      );
    });

  const dontClick = (
    <Link
      href={titleLink}
      target="_blank"
      rel="noopener noreferrer"
      fontWeight="semibold"
      color="orange.700"
      px="3"
      py="2"
      _hover={{ color: 'orange.800', textDecoration: 'none' }}
    >
      Nie klikaj tu!
      <ExternalLink size={14} aria-hidden="true" />
    </Link>
  );

  const logoutButton = isSignedIn ? <LogoutButton /> : null;

  return (
    <Box
      as="header"
      position="sticky"
      top="0"
      zIndex="sticky"
      bg="bg/85"
      backdropFilter="saturate(180%) blur(12px)"
      borderBottomWidth="1px"
      borderColor="border.muted"
    >
      <Container maxW="6xl" py="3">
        <HStack justify="space-between" gap="4">
          <Link asChild textDecoration="none" _hover={{ textDecoration: 'none' }} color="fg">
            <RouterLink to="/">
              <BrandMark />
              <Text as="span" fontWeight="bold" fontSize="lg" letterSpacing="-0.02em">
                {BLOG_NAME}
              </Text>
            </RouterLink>
          </Link>

          <HStack as="nav" aria-label="Główna nawigacja" gap="1" display={{ base: 'none', md: 'flex' }}>
            {navLinks()}
          </HStack>

          <HStack gap="2" display={{ base: 'none', md: 'flex' }}>
            {dontClick}
            {logoutButton}
          </HStack>

          <IconButton
            ref={menuButton}
            aria-label="Otwórz menu"
            aria-haspopup="dialog"
            aria-expanded={menuOpen}
            variant="ghost"
            display={{ base: 'inline-flex', md: 'none' }}
            onPointerEnter={loadMobileMenu}
            onFocus={loadMobileMenu}
            onClick={() => {
              setMenuWanted(true);
              setMenuOpen(true);
            }}
          >
            <Menu />
          </IconButton>
          {menuWanted && (
            <Suspense fallback={null}>
              <MobileMenu open={menuOpen} onClose={() => setMenuOpen(false)} trigger={menuButton}>
                <Stack as="nav" aria-label="Menu mobilne" gap="1">
                  {navLinks(() => setMenuOpen(false))}
                </Stack>
                <Stack mt="6" gap="3" align="flex-start">
                  {dontClick}
                  {logoutButton}
                </Stack>
              </MobileMenu>
            </Suspense>
          )}
        </HStack>
      </Container>
    </Box>
  );
}
