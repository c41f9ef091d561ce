import { Button, Heading, Stack, Text } from '@chakra-ui/react';
import { ArrowRight, CircleAlert, CircleCheck } from 'lucide-react';
import type { ReactNode } from 'react';
import { Link as RouterLink, useSearchParams } from 'react-router';
import { useCategories } from '../../api/categories.ts';
import { useUnsubscribe } from '../../api/subscriptions.ts';
import { UnsubscribeLoading } from './unsubscribe-page.tsx';
import {
  INVALID_LINK_MESSAGE,
  parseUnsubscribeLink,
  type UnsubscribeLink,
  unsubscribeErrorMessage,
} from './unsubscribe-link.ts';

function PostsLink() {
  return (
    <Button asChild colorPalette="brand" variant="outline">
      <RouterLink to="/posts">
        Przejdź do artykułów
        <ArrowRight aria-hidden="true" />
      </RouterLink>
    </Button>
  );
}

function Outcome({ icon, title, children }: { icon: ReactNode; title: string; children: ReactNode }) {
  return (
    <Stack align="center" gap="5" role="status">
      {icon}
      <Heading as="h1" fontSize={{ base: '2xl', md: '3xl' }}>
        {title}
      </Heading>
      <Text color="fg.muted">{children}</Text>
      <PostsLink />
    </Stack>
  );
}

function FailedView({ message }: { message: string }) {
  return (
    <Outcome
      icon={<CircleAlert size={48} color="var(--chakra-colors-red-fg)" aria-hidden="true" />}
      title="Nie udało się anulować subskrypcji"
    >
      {message}
    </Outcome>
  );
}

function UnsubscribeOutcome({ link }: { link: UnsubscribeLink }) {
  const { result, error } = useUnsubscribe(link);
  // Only for the „no message” fallback: the public list names visible categories.
  const { categories } = useCategories();

  if (error) {
    const name = categories?.find((category) => category.id === link.category)?.name;
    return <FailedView message={unsubscribeErrorMessage(error, link, name)} />;
  }
  if (!result) return <UnsubscribeLoading />;
  return (
    <Outcome
      icon={<CircleCheck size={48} color="var(--chakra-colors-green-fg)" aria-hidden="true" />}
      title="Subskrypcja anulowana"
    >
      Adres {link.email} nie będzie już otrzymywać powiadomień o nowych artykułach z kategorii{' '}
      {result.categoryName}.
    </Outcome>
  );
}

/** Reads the link's parameters with the shared rules, then unsubscribes (or says the link is broken). */
export function UnsubscribeFromLink() {
  const [params] = useSearchParams();
  const link = parseUnsubscribeLink(params);
  return link ? <UnsubscribeOutcome link={link} /> : <FailedView message={INVALID_LINK_MESSAGE} />;
}
