import type { SessionUser } from '@blog/shared';
import { can } from '@blog/shared/policy';
import {
  Box,
  Center,
  CloseButton,
  Container,
  Drawer,
  Flex,
  Portal,
  SkipNavContent,
  SkipNavLink,
  Spinner,
} from '@chakra-ui/react';
import { Suspense, useState } from 'react';
import { Navigate, Outlet, useLocation } from 'react-router';
import { useSession } from '../../../api/session.ts';
import { LoadError } from '../../../components/load-error.tsx';
import { signInPathFor } from '../../../lib/safe-redirect.ts';
import { AccessDenied, ADMIN_ONLY_TEXT } from './access-denied.tsx';
import { AdminHeader } from './admin-header.tsx';
import { AdminSidebarNav } from './admin-sidebar.tsx';
import '../../../theme/more-recipes.ts';

function FullPageSpinner({ label }: { label: string }) {
  return (
    <Center minHeight="60vh">
      <Spinner size="lg" color="brand.solid" aria-label={label} />
    </Center>
  );
}

function AdminShell({ user }: { user: SessionUser }) {
  const [menuOpen, setMenuOpen] = useState(false);
  return (
    <Flex minHeight="100dvh">
      <SkipNavLink>Przejdź do treści</SkipNavLink>
      <Box
        as="aside"
        display={{ base: 'none', lg: 'block' }}
        width="64"
        flexShrink={0}
        borderRightWidth="1px"
        borderColor="border.muted"
        bg="bg.subtle"
        p="4"
        position="sticky"
        top="0"
        height="100dvh"
        overflowY="auto"
      >
        <AdminSidebarNav role={user.role} />
      </Box>

      {/* On a phone the same navigation lives in a drawer opened from the header's menu button. */}
      <Drawer.Root open={menuOpen} onOpenChange={(details) => setMenuOpen(details.open)} placement="start">
        <Portal>
          <Drawer.Backdrop />
          <Drawer.Positioner>
            <Drawer.Content>
              <Drawer.Header>
                <Drawer.Title>Menu panelu</Drawer.Title>
              </Drawer.Header>
              <Drawer.Body>
                <AdminSidebarNav role={user.role} onNavigate={() => setMenuOpen(false)} />
              </Drawer.Body>
              <Drawer.CloseTrigger asChild>
                <CloseButton size="sm" aria-label="Zamknij menu" />
              </Drawer.CloseTrigger>
            </Drawer.Content>
          </Drawer.Positioner>
        </Portal>
      </Drawer.Root>

      <Flex direction="column" flex="1" minWidth="0">
        <AdminHeader user={user} onOpenMenu={() => setMenuOpen(true)} />
        <Box as="main" flex="1">
          <SkipNavContent />
          <Suspense fallback={<FullPageSpinner label="Wczytywanie strony" />}>
            <Outlet />
          </Suspense>
        </Box>
      </Flex>
    </Flex>
  );
}

/**
 * The layout route of every /admin page (the access guard): a spinner while the session loads, the
 * sign-in page (with the way back) when signed out, „Brak dostępu” for anyone but staff, else the shell.
 */
export function AdminLayout() {
  const { user, error, isLoading } = useSession();
  const { pathname, search } = useLocation();

  // Only while the session is unknown: a failed later read keeps the shell (and any form in it) on screen.
  if (user === undefined && (isLoading || !error)) return <FullPageSpinner label="Sprawdzanie sesji" />;
  if (user === undefined) {
    return (
      <Container as="main" maxW="xl" py="16">
        <LoadError
          title="Nie udało się sprawdzić sesji"
          error={error}
          onRetry={() => window.location.reload()}
        />
      </Container>
    );
  }
  if (!user) return <Navigate to={signInPathFor(`${pathname}${search}`)} replace />;
  if (!can(user, 'enterPanel')) return <AccessDenied />;
  return <AdminShell user={user} />;
}

/** Wraps the admin-only sections (users, subscriptions, settings, logs): a publisher is told, not shown a 403. */
export function AdminOnlyOutlet() {
  const { user } = useSession();
  if (!can(user, 'administerSite')) return <AccessDenied text={ADMIN_ONLY_TEXT} homeLink={false} />;
  return <Outlet />;
}
