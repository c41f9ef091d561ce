import { Button, Center, Heading, Stack, Text } from '@chakra-ui/react';
import { Link as RouterLink } from 'react-router';
import { useNotFoundStatus } from '../../lib/page-sink.ts';
import { useDocumentTitle } from '../../lib/use-document-title.ts';

/** The generic (English on purpose) screen for any unknown path. */
export function NotFoundPage() {
  useDocumentTitle('404');
  useNotFoundStatus();
  return (
    <Center as="main" minHeight="100dvh" px="6" bg="bg.subtle">
      <Stack gap="4" align="center" textAlign="center" lang="en">
        <Text
          fontSize={{ base: '7xl', md: '8xl' }}
          fontWeight="black"
          lineHeight="1"
          letterSpacing="-0.05em"
          color="brand.solid"
        >
          404
        </Text>
        <Heading as="h1" fontSize="2xl">
          Page not found
        </Heading>
        <Text color="fg.muted" maxW="sm">
          The page you are looking for does not exist or has been moved.
        </Text>
        <Button asChild colorPalette="brand" mt="2">
          <RouterLink to="/">Go back home</RouterLink>
        </Button>
      </Stack>
    </Center>
  );
}
