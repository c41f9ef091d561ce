import { Container, Spinner, Stack, Text } from '@chakra-ui/react';
import { lazy, Suspense } from 'react';
import { useDocumentTitle } from '../../lib/use-document-title.ts';

// The link check uses the shared rules; loading it on demand keeps them out of every page's first download.
const UnsubscribeFromLink = lazy(async () => ({
  default: (await import('./unsubscribe-outcome.tsx')).UnsubscribeFromLink,
}));

/** The loading state: while the check loads and while the server answers. */
export function UnsubscribeLoading() {
  return (
    <Stack align="center" gap="4" aria-busy="true">
      <Spinner size="lg" color="brand.solid" aria-hidden="true" />
      <Text>Anulowanie subskrypcji...</Text>
    </Stack>
  );
}

/** Target of the link in every notification e-mail: loading, then success or error. */
export function UnsubscribePage() {
  useDocumentTitle('Anulowanie subskrypcji');
  return (
    <Container maxW="2xl" py="24" textAlign="center">
      <Suspense fallback={<UnsubscribeLoading />}>
        <UnsubscribeFromLink />
      </Suspense>
    </Container>
  );
}
