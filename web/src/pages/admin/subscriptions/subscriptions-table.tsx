import type { Subscription } from '@blog/openapi';
import { Badge, IconButton, Table, Text } from '@chakra-ui/react';
import { Trash2 } from 'lucide-react';
import { formatDateTime, isoDateTime } from '../../../lib/dates.ts';

interface SubscriptionsTableProps {
  subscriptions: Subscription[];
  emptyText: string;
  /** The id being deleted: its button shows a spinner and the others wait. */
  deletingId: number | null;
  onDelete: (subscription: Subscription) => void;
}

function SubscriptionRow({
  subscription,
  deleting,
  busy,
  onDelete,
}: {
  subscription: Subscription;
  deleting: boolean;
  busy: boolean;
  onDelete: (subscription: Subscription) => void;
}) {
  return (
    <Table.Row>
      <Table.Cell fontWeight="medium">{subscription.email}</Table.Cell>
      <Table.Cell>{subscription.category?.name ?? 'Nieznana kategoria'}</Table.Cell>
      <Table.Cell>
        <Badge colorPalette={subscription.active ? 'green' : 'gray'} variant="subtle">
          {subscription.active ? 'Aktywna' : 'Nieaktywna'}
        </Badge>
      </Table.Cell>
      <Table.Cell whiteSpace="nowrap">
        <time dateTime={isoDateTime(subscription.createdAt)}>{formatDateTime(subscription.createdAt)}</time>
      </Table.Cell>
      <Table.Cell textAlign="end">
        <IconButton
          size="sm"
          variant="ghost"
          colorPalette="red"
          aria-label={`Usuń subskrypcję ${subscription.email} (${subscription.category?.name ?? 'nieznana kategoria'})`}
          loading={deleting}
          disabled={busy}
          onClick={() => onDelete(subscription)}
        >
          <Trash2 />
        </IconButton>
      </Table.Cell>
    </Table.Row>
  );
}

/** The subscriptions table (spec §2): e-mail, category, status, date (dd.MM.yyyy HH:mm), delete. */
export function SubscriptionsTable({
  subscriptions,
  emptyText,
  deletingId,
  onDelete,
}: SubscriptionsTableProps) {
  return (
    <Table.ScrollArea borderWidth="1px" borderColor="border.muted" borderRadius="lg">
      <Table.Root size="sm" interactive>
        <Table.Caption srOnly>Subskrypcje</Table.Caption>
        <Table.Header>
          <Table.Row>
            <Table.ColumnHeader>E-mail</Table.ColumnHeader>
            <Table.ColumnHeader>Kategoria</Table.ColumnHeader>
            <Table.ColumnHeader>Status</Table.ColumnHeader>
            <Table.ColumnHeader>Data</Table.ColumnHeader>
            <Table.ColumnHeader textAlign="end">Akcje</Table.ColumnHeader>
          </Table.Row>
        </Table.Header>
        <Table.Body>
          {subscriptions.length === 0 ? (
            <Table.Row>
              <Table.Cell colSpan={5} py="10" textAlign="center">
                <Text color="fg.muted">{emptyText}</Text>
              </Table.Cell>
            </Table.Row>
          ) : (
            subscriptions.map((subscription) => (
              <SubscriptionRow
                key={subscription.id}
                subscription={subscription}
                deleting={deletingId === subscription.id}
                busy={deletingId !== null}
                onDelete={onDelete}
              />
            ))
          )}
        </Table.Body>
      </Table.Root>
    </Table.ScrollArea>
  );
}
