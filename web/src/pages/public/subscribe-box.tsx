import type { CategoryRef } from '@blog/shared';
import { Box, Button, Heading, Skeleton, Stack, Text } from '@chakra-ui/react';
import { CircleCheck, Mail } from 'lucide-react';
import { useState } from 'react';
import { useSubscriptionStats } from '../../api/subscriptions.ts';
import { WhenNear } from '../../components/when-near.tsx';
import { LazySubscribeForm, LazySubscriptionsBlockedView } from './lazy-forms.tsx';

function SubscribedView({ categoryName, onAgain }: { categoryName: string; onAgain: () => void }) {
  return (
    <Stack gap="4" align="flex-start" role="status">
      <Stack direction="row" gap="3" align="center" color="green.fg">
        <CircleCheck size={28} aria-hidden="true" />
        <Heading as="h3" fontSize="xl">
          Subskrypcja aktywowana!
        </Heading>
      </Stack>
      <Text color="fg.muted">
        Powiadomimy Cię e-mailem, gdy w kategorii {categoryName} pojawi się nowy artykuł. Każda wiadomość
        zawiera link do anulowania subskrypcji.
      </Text>
      <Button variant="outline" onClick={onAgain}>
        Nowa subskrypcja
      </Button>
    </Stack>
  );
}

/** Double opt-in is on: nothing is active until the e-mailed link is clicked. */
function PendingView({ onAgain }: { onAgain: () => void }) {
  return (
    <Stack gap="4" align="flex-start" role="status">
      <Stack direction="row" gap="3" align="center" color="brand.fg">
        <Mail size={28} aria-hidden="true" />
        <Heading as="h3" fontSize="xl">
          Potwierdź subskrypcję
        </Heading>
      </Stack>
      <Text color="fg.muted">
        Wysłaliśmy na podany adres e-mail link potwierdzający. Subskrypcja zacznie działać po jego kliknięciu;
        link jest ważny przez 48 godzin.
      </Text>
      <Button variant="outline" onClick={onAgain}>
        Nowa subskrypcja
      </Button>
    </Stack>
  );
}

function SubscribeBoxBody({
  categories,
  onCategoryChange,
}: {
  categories: readonly CategoryRef[];
  onCategoryChange: (categoryId: number) => void;
}) {
  // The only polled read of the product: the box closes by itself when the day's cap is reached.
  const { stats, isLoading } = useSubscriptionStats({ poll: true });
  const [subscribed, setSubscribed] = useState<{ categoryName: string; pending: boolean } | null>(null);

  // A new subscription starts from a fresh form, on the first category again.
  const again = () => {
    setSubscribed(null);
    if (categories[0]) onCategoryChange(categories[0].id);
  };
  if (subscribed?.pending) return <PendingView onAgain={again} />;
  if (subscribed) return <SubscribedView categoryName={subscribed.categoryName} onAgain={again} />;
  if (isLoading && !stats) {
    return (
      <Stack gap="4" aria-busy="true">
        <Skeleton height="10" />
        <Skeleton height="6" />
      </Stack>
    );
  }
  // Stats that failed to load do not hide the form: the server enforces the cap on every subscribe anyway.
  if (stats && !stats.canSubscribe) return <LazySubscriptionsBlockedView stats={stats} />;
  return (
    <LazySubscribeForm
      categories={categories}
      onSubscribed={(categoryName, pending) => setSubscribed({ categoryName, pending })}
      onCategoryChange={onCategoryChange}
    />
  );
}

/**
 * The article's subscribe box, for its first category; nothing for an article without one. The
 * heading names the category chosen in the form.
 */
export function SubscribeBox({ categories }: { categories: readonly CategoryRef[] }) {
  const [selectedId, setSelectedId] = useState<number | undefined>(categories[0]?.id);
  const first = categories[0];
  if (!first) return null;
  const selected = categories.find((category) => category.id === selectedId) ?? first;
  return (
    <Box
      as="section"
      aria-labelledby="subscribe-title"
      mt="14"
      borderWidth="1px"
      borderColor="brand.muted"
      borderRadius="xl"
      p={{ base: '5', md: '6' }}
      bg="brand.subtle"
    >
      <Stack gap="5">
        <Stack gap="1">
          <Stack direction="row" gap="2" align="center">
            <Mail size={20} aria-hidden="true" />
            <Heading as="h2" id="subscribe-title" fontSize="xl">
              Subskrybuj kategorię {selected.name}
            </Heading>
          </Stack>
          <Text fontSize="sm" color="fg.muted">
            Dostaniesz e-mail, gdy pojawi się nowy artykuł w tej kategorii. Możesz zrezygnować w każdej
            chwili.
          </Text>
        </Stack>
        <WhenNear minHeight={{ base: '17.5rem', md: '11.125rem' }}>
          <SubscribeBoxBody categories={categories} onCategoryChange={setSelectedId} />
        </WhenNear>
      </Stack>
    </Box>
  );
}
