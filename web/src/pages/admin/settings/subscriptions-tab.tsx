import type { SubscriptionStats } from '@blog/shared';
import { Alert, Button, Card, Field, HStack, Input, Progress, Skeleton, Stack, Text } from '@chakra-ui/react';
import { DoubleOptInCard } from './double-opt-in-card.tsx';
import { RotateCcw, Save } from 'lucide-react';
import { type FormEvent, useState } from 'react';
import { errorMessage } from '../../../api/api-error.ts';
import {
  resetSubscriptionCount,
  updateSubscriptionLimit,
  useSubscriptionStats,
} from '../../../api/subscriptions.ts';
import { LoadError } from '../../../components/load-error.tsx';
import { remainingSubscriptions, usagePercent } from '../../../lib/subscription-stats.ts';
import { showError, showSuccess } from '../../../lib/toast.ts';
import { checkSubscriptionLimit, INVALID_LIMIT_TITLE } from './subscription-limit.form.ts';

function TodayUsage({ stats }: { stats: SubscriptionStats }) {
  const [resetting, setResetting] = useState(false);

  async function reset() {
    setResetting(true);
    try {
      const result = await resetSubscriptionCount();
      showSuccess('Licznik zresetowany', result.message);
    } catch (error) {
      showError(
        'Błąd resetowania licznika',
        errorMessage(error) || 'Nie udało się zresetować licznika subskrypcji',
      );
    } finally {
      setResetting(false);
    }
  }

  const percent = usagePercent(stats);
  return (
    <Card.Root variant="outline">
      <Card.Header>
        <Card.Title as="h2">Dzisiejsze subskrypcje</Card.Title>
        <Card.Description>
          Licznik obejmuje bieżący dzień (czas polski) i zeruje się o północy.
        </Card.Description>
      </Card.Header>
      <Card.Body>
        <Stack gap="4">
          <Progress.Root
            value={percent}
            colorPalette={stats.canSubscribe ? 'brand' : 'orange'}
            aria-label="Wykorzystanie dziennego limitu subskrypcji"
          >
            <HStack justify="space-between" mb="2">
              <Progress.Label fontSize="lg">
                {stats.todayCount} z {stats.limit}
              </Progress.Label>
              <Progress.ValueText>{percent}%</Progress.ValueText>
            </HStack>
            <Progress.Track>
              <Progress.Range />
            </Progress.Track>
          </Progress.Root>
          <Text color="fg.muted">Pozostało dzisiaj: {remainingSubscriptions(stats)}</Text>
          {!stats.canSubscribe && (
            <Alert.Root status="warning" borderRadius="lg">
              <Alert.Indicator />
              <Alert.Content>
                <Alert.Title>Dzienny limit subskrypcji został osiągnięty</Alert.Title>
                <Alert.Description>
                  Odwiedzający nie mogą się teraz zapisać: zamiast formularza widzą informację o limicie.
                  Zresetuj licznik albo zwiększ limit, aby ponownie udostępnić subskrypcję.
                </Alert.Description>
              </Alert.Content>
            </Alert.Root>
          )}
          <Button
            variant="outline"
            alignSelf="flex-start"
            onClick={() => void reset()}
            loading={resetting}
            loadingText="Resetowanie..."
          >
            <RotateCcw aria-hidden="true" />
            Resetuj licznik
          </Button>
        </Stack>
      </Card.Body>
    </Card.Root>
  );
}

function LimitForm({ limit }: { limit: number }) {
  const [typed, setTyped] = useState(String(limit));
  const [saving, setSaving] = useState(false);

  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const check = checkSubscriptionLimit(typed);
    // An invalid value only explains itself; nothing is sent.
    if (!check.ok) {
      showError(INVALID_LIMIT_TITLE, check.message);
      return;
    }
    setSaving(true);
    try {
      const result = await updateSubscriptionLimit(check.limit);
      showSuccess('Limit zaktualizowany', result.message);
    } catch (error) {
      showError('Błąd aktualizacji limitu', errorMessage(error));
    } finally {
      setSaving(false);
    }
  }

  return (
    <Card.Root variant="outline">
      <Card.Header>
        <Card.Title as="h2">Dzienny limit</Card.Title>
        <Card.Description>
          Ile nowych subskrypcji można przyjąć w ciągu jednego dnia. Po jego osiągnięciu formularz znika do
          jutra.
        </Card.Description>
      </Card.Header>
      <Card.Body>
        <form noValidate onSubmit={(event) => void submit(event)} aria-label="Dzienny limit subskrypcji">
          <HStack gap="3" align="flex-end" flexWrap="wrap">
            <Field.Root maxWidth="xs">
              <Field.Label>Limit subskrypcji dziennie</Field.Label>
              <Input
                type="number"
                inputMode="numeric"
                min={1}
                step={1}
                value={typed}
                onChange={(event) => setTyped(event.target.value)}
              />
            </Field.Root>
            <Button type="submit" colorPalette="brand" loading={saving} loadingText="Zapisywanie...">
              <Save aria-hidden="true" />
              Zapisz limit
            </Button>
          </HStack>
        </form>
      </Card.Body>
    </Card.Root>
  );
}

/** Settings → „Subskrypcje”: today's use of the cap, the reset, the limit. Loads its own data. */
export function SubscriptionsSettingsTab() {
  const { stats, error, isLoading, reload } = useSubscriptionStats({ fresh: true });

  if (error && !stats) {
    return <LoadError title="Nie udało się pobrać statystyk subskrypcji" error={error} onRetry={reload} />;
  }
  if (isLoading || !stats) {
    return (
      <Stack gap="4" aria-busy="true" aria-label="Ładowanie statystyk subskrypcji...">
        <Skeleton height="40" />
        <Skeleton height="32" />
      </Stack>
    );
  }
  return (
    <Stack gap="6">
      <TodayUsage stats={stats} />
      <LimitForm limit={stats.limit} />
      <DoubleOptInCard />
    </Stack>
  );
}
