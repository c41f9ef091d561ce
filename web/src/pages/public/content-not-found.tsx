import { PUBLIC_PAGES } from '@blog/shared/addresses';
import { Box, Button, type ButtonProps, Container, Heading, Stack, Text } from '@chakra-ui/react';
import { ArrowLeft, FileQuestion } from 'lucide-react';
import { Link as RouterLink } from 'react-router';
import { useNotFoundStatus } from '../../lib/page-sink.ts';
import { useDocumentTitle } from '../../lib/use-document-title.ts';

/** „Wróć do listy artykułów”: a button-styled link to the list of articles. */
export function BackToPostsButton(props: ButtonProps) {
  return (
    <Button asChild {...props}>
      <RouterLink to={PUBLIC_PAGES.posts}>
        <ArrowLeft aria-hidden="true" />
        Wróć do listy artykułów
      </RouterLink>
    </Button>
  );
}

/** An address that names no article, category or tag a reader may see: the not-found screen, HTTP 404. */
export function ContentNotFound({ title, text }: { title: string; text: string }) {
  useDocumentTitle(title);
  useNotFoundStatus();
  return (
    <Container maxW="2xl" py="24" textAlign="center">
      <Stack align="center" gap="5">
        <Box color="fg.subtle">
          <FileQuestion size={48} aria-hidden="true" />
        </Box>
        <Heading as="h1" fontSize="3xl">
          {title}
        </Heading>
        <Text color="fg.muted">{text}</Text>
        <BackToPostsButton colorPalette="brand" />
      </Stack>
    </Container>
  );
}
