import { Center, Spinner } from '@chakra-ui/react';
import { useHydrated } from '../lib/use-hydrated.ts';

/**
 * While a page's code loads within the app. Nothing on the server: React's prerender draws every
 * boundary's fallback beside its content (Chakra's styles resolved and hashed on every page drawn), and
 * a page drawn there never shows it (the server waits for the page). Nor while hydrating, when React
 * keeps the server's markup instead.
 */
export function PageLoading() {
  const hydrated = useHydrated();
  if (!hydrated) return null;
  return (
    <Center minHeight="60vh">
      <Spinner size="lg" color="brand.solid" aria-label="Wczytywanie strony" />
    </Center>
  );
}
