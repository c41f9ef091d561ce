import type { Subscription } from '@blog/openapi';
import { Box, Container, Heading, Skeleton, Stack, Text } from '@chakra-ui/react';

import { useDeferredValue, useMemo, useState } from 'react';
import { errorMessage } from '../../api/api-error.ts';
import { deleteSubscription, useAdminSubscriptions } from '../../api/subscriptions.ts';
import { LoadError } from '../../components/load-error.tsx';
import { failureMessage } from '../../lib/failure-message.ts';
import { showError, showSuccess } from '../../lib/toast.ts';
import { useDocumentTitle } from '../../lib/use-document-title.ts';
import {
  filterSubscriptions,
  shownCountLabel,
  subscriptionsEmptyText,
} from './subscriptions/subscriptions-filter.ts';
import { SubscriptionsTable } from './subscriptions/subscriptions-table.tsx';
import { SearchInput } from './shell/search-input.tsx';

/** Spec §2: the browser's own confirm, exactly this question. */
export const DELETE_SUBSCRIPTION_QUESTION = 'Czy na pewno chcesz usunąć tę subskrypcję?';

/** „Subskrypcje” (admin only): search by e-mail or category, the table, delete after a confirm. */
export function AdminSubscriptionsPage() {
  useDocumentTitle('Subskrypcje');
  const { subscriptions, error, isLoading } = useAdminSubscriptions();
  const [search, setSearch] = useState('');
  const deferredSearch = useDeferredValue(search);
  const [deletingId, setDeletingId] = useState<number | null>(null);

  const all = subscriptions ?? [];
  const shown = useMemo(
    () => filterSubscriptions(subscriptions ?? [], deferredSearch),
    [subscriptions, deferredSearch],
  );

  async function remove(subscription: Subscription) {
    if (!window.confirm(DELETE_SUBSCRIPTION_QUESTION)) return;
    setDeletingId(subscription.id);
    try {
      await deleteSubscription(subscription.id);
      showSuccess('Subskrypcja usunięta', `Usunięto subskrypcję ${subscription.email}.`);
    } catch (failure) {
      showError('Wystąpił błąd', failureMessage('Nie udało się usunąć subskrypcji', errorMessage(failure)));
    } finally {
      setDeletingId(null);
    }
  }

  return (
    <Container maxW="6xl" py={{ base: '6', md: '10' }}>
      <Stack gap="6">
        <Stack gap="1">
          <Heading as="h1" fontSize={{ base: '2xl', md: '3xl' }} letterSpacing="-0.02em">
            Subskrypcje
          </Heading>
          <Text color="fg.muted">Adresy zapisane na powiadomienia o nowych artykułach w kategoriach.</Text>
        </Stack>

        <Box maxWidth="md">
          <SearchInput
            value={search}
            onChange={setSearch}
            placeholder="Szukaj po adresie e-mail lub kategorii..."
            label="Szukaj subskrypcji"
          />
        </Box>

        {error ? (
          <LoadError title="Nie udało się pobrać subskrypcji" error={error} />
        ) : isLoading ? (
          <Stack gap="2" aria-busy="true" aria-label="Ładowanie subskrypcji...">
            {Array.from({ length: 5 }, (_, index) => (
              <Skeleton key={index} height="10" />
            ))}
          </Stack>
        ) : (
          <Stack gap="3">
            <SubscriptionsTable
              subscriptions={shown}
              emptyText={subscriptionsEmptyText(all.length)}
              deletingId={deletingId}
              onDelete={(subscription) => void remove(subscription)}
            />
            <Text fontSize="sm" color="fg.muted" aria-live="polite">
              {shownCountLabel(shown.length, all.length)}
            </Text>
          </Stack>
        )}
      </Stack>
    </Container>
  );
}
