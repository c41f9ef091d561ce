import { ADMIN_PAGES, PUBLIC_PAGES } from '@blog/shared/addresses';
import { Button, Container, Heading, Stack, Text } from '@chakra-ui/react';
import { ShieldX } from 'lucide-react';
import { Link as RouterLink } from 'react-router';
import { useDocumentTitle } from '../../../lib/use-document-title.ts';

export const STAFF_ONLY_TEXT = 'Tylko redaktorzy i administratorzy mają dostęp do panelu administracyjnego.';
export const ADMIN_ONLY_TEXT = 'Tylko administratorzy mają dostęp do tej sekcji panelu.';

/** „Brak dostępu” with the reason and a way out. */
export function AccessDenied({
  text = STAFF_ONLY_TEXT,
  homeLink = true,
}: {
  text?: string;
  homeLink?: boolean;
}) {
  useDocumentTitle('Brak dostępu');
  return (
    // Outside the shell this is the whole page (its own <main>); inside it, the shell already has one.
    <Container as={homeLink ? 'main' : 'div'} maxW="xl" py={{ base: '16', md: '24' }}>
      <Stack gap="4" align="center" textAlign="center">
        <ShieldX size={48} aria-hidden="true" />
        <Heading as="h1" fontSize={{ base: '2xl', md: '3xl' }}>
          Brak dostępu
        </Heading>
        <Text color="fg.muted">{text}</Text>
        <Button asChild colorPalette="brand">
          {homeLink ? (
            <RouterLink to={PUBLIC_PAGES.home}>Wróć do strony głównej</RouterLink>
          ) : (
            <RouterLink to={ADMIN_PAGES.dashboard}>Wróć do pulpitu</RouterLink>
          )}
        </Button>
      </Stack>
    </Container>
  );
}
