import { PUBLIC_PAGES } from '@blog/shared/addresses';
import { Button, Heading, Stack, Text } from '@chakra-ui/react';
import { ArrowRight, CircleAlert, CircleCheck } from 'lucide-react';
import type { ReactNode } from 'react';
import { Link as RouterLink } from 'react-router';

/** The end of a page opened from an e-mail's link (unsubscribe, confirm): icon, title, text, a way on. */
function Outcome({ icon, title, children }: { icon: ReactNode; title: string; children: ReactNode }) {
  return (
    <Stack align="center" gap="5" role="status">
      {icon}
      <Heading as="h1" fontSize={{ base: '2xl', md: '3xl' }}>
        {title}
      </Heading>
      <Text color="fg.muted">{children}</Text>
      <Button asChild colorPalette="brand" variant="outline">
        <RouterLink to={PUBLIC_PAGES.posts}>
          Przejdź do artykułów
          <ArrowRight aria-hidden="true" />
        </RouterLink>
      </Button>
    </Stack>
  );
}

export function SuccessOutcome({ title, children }: { title: string; children: ReactNode }) {
  return (
    <Outcome
      icon={<CircleCheck size={48} color="var(--chakra-colors-green-fg)" aria-hidden="true" />}
      title={title}
    >
      {children}
    </Outcome>
  );
}

export function FailureOutcome({ title, children }: { title: string; children: ReactNode }) {
  return (
    <Outcome
      icon={<CircleAlert size={48} color="var(--chakra-colors-red-fg)" aria-hidden="true" />}
      title={title}
    >
      {children}
    </Outcome>
  );
}
