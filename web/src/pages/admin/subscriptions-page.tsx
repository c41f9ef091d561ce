import type { Subscription } from '@blog/shared';
import { Button, Container, Heading, HStack, Stack, Text } from '@chakra-ui/react';
import { Download } from 'lucide-react';
import { useEffect, useState } from 'react';
import { useStaffCategories } from '../../api/admin-categories.ts';
import { errorMessage } from '../../api/api-error.ts';
import {
  type AdminSubscriptionsQuery,
  deleteSubscription,
  subscriptionsExportHref,
  useAdminSubscriptions,
  useSubscriptionSettings,
} from '../../api/subscriptions.ts';
import { LoadError } from '../../components/load-error.tsx';
import { failureMessage } from '../../lib/failure-message.ts';
import { showError, showSuccess } from '../../lib/toast.ts';
import { useDocumentTitle } from '../../lib/use-document-title.ts';
import { useListParams } from '../../lib/use-list-params.ts';
import { AdminPageLinks } from './posts/admin-page-links.tsx';
import { ListControls, ListLoading } from './shell/list-layout.tsx';
import { shownCountLabel, subscriptionsEmptyText } from './subscriptions/subscriptions-filter.ts';
import { SubscriptionsTable } from './subscriptions/subscriptions-table.tsx';
import { SubscriptionsToolbar } from './subscriptions/subscriptions-toolbar.tsx';

/** The browser's own confirm, exactly this question. */
export const DELETE_SUBSCRIPTION_QUESTION = 'Czy na pewno chcesz usunąć tę subskrypcję?';

const FILTERS = ['q', 'category', 'status', 'sort', 'order'] as const;

/**
 * „Subskrypcje” (admin only): search by e-mail or category, category and status filters, sort and 20 a
 * page, all on the server and in the URL; the current filter as a CSV; delete after a confirm.
 */
export function AdminSubscriptionsPage() {
  useDocumentTitle('Subskrypcje');
  const { params, page, update } = useListParams(FILTERS);
  const query = { ...params, page } as AdminSubscriptionsQuery;
  const { page: result, error, isLoading } = useAdminSubscriptions(query);
  const { categories } = useStaffCategories();
  const { settings } = useSubscriptionSettings();
  const [deletingId, setDeletingId] = useState<number | null>(null);

  // A page past the end (the last rows deleted, an old link) shows the last page instead.
  const lastPage = result?.totalPages;
  useEffect(() => {
    if (lastPage !== undefined && page > lastPage) update({ page: lastPage }, { replace: true });
  }, [lastPage, page, update]);

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

  const rows = result?.items ?? [];
  const filtered = Boolean(params.q || params.category || params.status);

  return (
    <Container maxW="7xl" py={{ base: '6', md: '10' }}>
      <Stack gap="6">
        <HStack justify="space-between" align="end" gap="4" flexWrap="wrap">
          <Stack gap="1">
            <Heading as="h1" fontSize={{ base: '2xl', md: '3xl' }} letterSpacing="-0.02em">
              Subskrypcje
            </Heading>
            <Text color="fg.muted">Adresy zapisane na powiadomienia o nowych artykułach w kategoriach.</Text>
          </Stack>
          {/* A plain link: the browser downloads the file itself, streamed, whatever its size. */}
          <Button asChild variant="outline">
            <a href={subscriptionsExportHref(query)} download>
              <Download aria-hidden="true" />
              Eksportuj CSV
            </a>
          </Button>
        </HStack>

        <ListControls
          query={params.q}
          onSearch={(q) => update({ q }, { replace: true })}
          placeholder="Szukaj po adresie e-mail lub kategorii..."
          label="Szukaj subskrypcji"
        >
          <SubscriptionsToolbar
            values={params}
            categories={categories}
            doubleOptIn={settings?.doubleOptIn ?? false}
            onChange={(change) => update(change)}
          />
        </ListControls>

        {error ? (
          <LoadError title="Nie udało się pobrać subskrypcji" error={error} />
        ) : isLoading ? (
          <ListLoading label="Ładowanie subskrypcji..." rowHeight="10" />
        ) : (
          <Stack gap="4">
            <SubscriptionsTable
              subscriptions={rows}
              emptyText={subscriptionsEmptyText(filtered, result?.total)}
              deletingId={deletingId}
              onDelete={(subscription) => void remove(subscription)}
            />
            <Text fontSize="sm" color="fg.muted" aria-live="polite">
              {shownCountLabel(rows.length, result?.total ?? 0, result?.totalExact ?? true)}
            </Text>
            <AdminPageLinks
              label="Paginacja subskrypcji"
              page={Math.min(page, result?.totalPages ?? 1)}
              totalPages={result?.totalPages ?? 1}
              onPageChange={(next) => update({ page: next })}
            />
          </Stack>
        )}
      </Stack>
    </Container>
  );
}
