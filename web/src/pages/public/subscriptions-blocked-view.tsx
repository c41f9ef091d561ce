import type { SubscriptionStats } from '@blog/shared';
import { Heading, Progress, Stack, Text } from '@chakra-ui/react';
import { Ban } from 'lucide-react';
import { usagePercent } from '../../lib/subscription-stats.ts';
import '../../theme/more-recipes.ts';

/** When today's cap is used up the form is replaced by this, with the usage and its percentage. */
export function SubscriptionsBlockedView({ stats }: { stats: SubscriptionStats }) {
  const percent = usagePercent(stats);
  return (
    <Stack gap="4" role="status">
      <Stack direction="row" gap="3" align="center" color="orange.fg">
        <Ban size={26} aria-hidden="true" />
        <Heading as="h3" fontSize="xl">
          Dzienny limit subskrypcji został osiągnięty
        </Heading>
      </Stack>
      <Text color="fg.muted">Spróbuj ponownie jutro lub skontaktuj się z administratorem.</Text>
      <Progress.Root
        value={percent}
        colorPalette="orange"
        size="sm"
        aria-label="Wykorzystanie dziennego limitu"
      >
        <Stack direction="row" justify="space-between" mb="1.5" fontSize="sm">
          <Progress.Label>
            Wykorzystano {stats.todayCount} z {stats.limit} subskrypcji
          </Progress.Label>
          <Progress.ValueText>{percent}%</Progress.ValueText>
        </Stack>
        <Progress.Track>
          <Progress.Range />
        </Progress.Track>
      </Progress.Root>
    </Stack>
  );
}
