import type { CategoryRef } from '@blog/shared';
import { Button, Heading, Skeleton, Stack, Text } from '@chakra-ui/react';
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
 * heading names the category chosen in the form. Its frame is plain elements styled by
 * theme/public-static.css (every article with a category draws it); the views inside come after hydration.
 */
export function SubscribeBox({ categories }: { categories: readonly CategoryRef[] }) {
  const [selectedId, setSelectedId] = useState<number | undefined>(categories[0]?.id);
  const first = categories[0];
  if (!first) return null;
  const selected = categories.find((category) => category.id === selectedId) ?? first;
  return (
    <section aria-labelledby="subscribe-title" className="subscribe-box">
      <div className="subscribe-box__stack">
        <div className="subscribe-box__intro">
          <div className="subscribe-box__title-row">
            <Mail size={20} aria-hidden="true" />
            <h2 id="subscribe-title" className="section-heading">
              Subskrybuj kategorię {selected.name}
            </h2>
          </div>
          <p className="subscribe-box__text">
            Dostaniesz e-mail, gdy pojawi się nowy artykuł w tej kategorii. Możesz zrezygnować w każdej
            chwili.
          </p>
        </div>
        <WhenNear placeholder="subscribe-box__place">
          <SubscribeBoxBody categories={categories} onCategoryChange={setSelectedId} />
        </WhenNear>
      </div>
    </section>
  );
}
