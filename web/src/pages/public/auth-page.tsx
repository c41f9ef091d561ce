import { Container, Heading, Stack, Text } from '@chakra-ui/react';
import { Navigate, useLocation, useSearchParams } from 'react-router';
import { useSession } from '../../api/session.ts';
import { landingPath } from '../../lib/safe-redirect.ts';
import { useDocumentTitle } from '../../lib/use-document-title.ts';
import { LazyAuthPanel, preloadAuthPanel } from './lazy-forms.tsx';
import { FormPanel } from './form-panel.tsx';

/** The form the server draws on this page loads with the page's code (routes.tsx). */
export const preloadParts = preloadAuthPanel;

/** Where the guard wanted to send the visitor: `?next=` (survives a reload) or the router state. */
function useReturnPath(): unknown {
  const [params] = useSearchParams();
  const { state } = useLocation() as { state: { from?: unknown } | null };
  return params.get('next') ?? state?.from;
}

/**
 * /auth: „Panel administracyjny” with sign-in, registration and the forgotten-password flow. A
 * signed-in visitor (also right after signing in or registering) is sent on: back to where they were going
 * when that is a same-site path, else staff to /admin and others to /.
 * The forms are drawn while the session is still unknown (on the server, and until the check answers): a
 * visitor here is nearly always signed out, and can type from the first paint instead of watching a spinner.
 */
export function AuthPage() {
  useDocumentTitle('Panel administracyjny');
  const { user } = useSession();
  const next = useReturnPath();

  if (user) return <Navigate to={landingPath(user.role, next)} replace />;

  return (
    <Container maxW="md" py={{ base: '10', md: '16' }}>
      <Stack gap="6">
        <Stack gap="2">
          <Heading as="h1" fontSize={{ base: '2xl', md: '3xl' }} letterSpacing="-0.02em">
            Panel administracyjny
          </Heading>
          <Text color="fg.muted">Zaloguj się albo załóż konto, aby kontynuować.</Text>
        </Stack>
        <FormPanel>
          <LazyAuthPanel />
        </FormPanel>
      </Stack>
    </Container>
  );
}
