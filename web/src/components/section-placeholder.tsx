import { Button, Container, Heading, Stack, Text } from '@chakra-ui/react';
import { Link as RouterLink } from 'react-router';
import { useDocumentTitle } from '../lib/use-document-title.ts';

/** An honest stand-in for a screen that is not built yet: its name, and that it is in preparation. */
export function SectionPlaceholder({ title }: { title: string }) {
  useDocumentTitle(title);
  return (
    <Container maxW="3xl" py={{ base: '16', md: '24' }}>
      <Stack gap="4" align="flex-start">
        <Heading as="h1" fontSize={{ base: '2xl', md: '3xl' }} letterSpacing="-0.02em">
          {title}
        </Heading>
        <Text color="fg.muted">Ta sekcja jest w przygotowaniu.</Text>
        <Button asChild variant="outline" size="sm">
          <RouterLink to="/">Wróć do strony głównej</RouterLink>
        </Button>
      </Stack>
    </Container>
  );
}
