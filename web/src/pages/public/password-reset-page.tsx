import { ACCOUNT_MESSAGES } from '@blog/shared/rules';
import { PUBLIC_PAGES } from '@blog/shared/addresses';
import { Alert, Button, Container, Heading, Stack } from '@chakra-ui/react';
import { Link as RouterLink, useSearchParams } from 'react-router';
import { useDocumentTitle } from '../../lib/use-document-title.ts';
import { LazyResetPasswordForm, preloadResetPasswordForm } from './lazy-forms.tsx';
import { FormPanel } from './form-panel.tsx';

/** The form the server draws on this page loads with the page's code (routes.tsx). */
export const preloadParts = preloadResetPasswordForm;

/** The contract's text for a bad token, shown at once when the link carries none. */
const INVALID_LINK = ACCOUNT_MESSAGES.resetToken;

/** /auth/reset?token=… — the target of the e-mailed reset link. */
export function PasswordResetPage() {
  useDocumentTitle('Ustaw nowe hasło');
  const [params] = useSearchParams();
  const token = params.get('token')?.trim() ?? '';

  return (
    <Container maxW="md" py={{ base: '10', md: '16' }}>
      <Stack gap="6">
        <Heading as="h1" fontSize={{ base: '2xl', md: '3xl' }} letterSpacing="-0.02em">
          Ustaw nowe hasło
        </Heading>
        {token ? (
          <FormPanel>
            <LazyResetPasswordForm token={token} />
          </FormPanel>
        ) : (
          <Alert.Root status="error" borderRadius="lg">
            <Alert.Indicator />
            <Alert.Content>
              <Alert.Title>Nieprawidłowy link</Alert.Title>
              <Alert.Description>{INVALID_LINK}</Alert.Description>
            </Alert.Content>
          </Alert.Root>
        )}
        <Button asChild variant="outline" size="sm" alignSelf="flex-start">
          <RouterLink to={PUBLIC_PAGES.auth}>Wróć do logowania</RouterLink>
        </Button>
      </Stack>
    </Container>
  );
}
