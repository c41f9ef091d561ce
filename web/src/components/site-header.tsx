import { Box, Container, HStack, IconButton, Link, Stack, Text } from '@chakra-ui/react';
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

          {/* The browser opens the menu itself (a popover): a tap before the app's code has arrived opens it too. */}
          <IconButton
            aria-label="Otwórz menu"
            aria-haspopup="dialog"
            popoverTarget={MOBILE_MENU_ID}
            variant="ghost"
            display={{ base: 'inline-flex', md: 'none' }}
          >
            <Menu />
          </IconButton>
          <MobileMenu>
            <Stack as="nav" aria-label="Menu mobilne" gap="1">
              {navLinks(closeMenu)}
            </Stack>
            <Stack mt="6" gap="3" align="flex-start">
              {dontClick}
              {logoutButton}
            </Stack>
          </MobileMenu>
        </HStack>
      </Container>
    </Box>
  );
}
