import type { Subscription } from '@blog/shared';
import { Badge, Box, HStack, IconButton, Stack, Table, Text } from '@chakra-ui/react';
import { Trash2 } from 'lucide-react';
import { formatDateTime, isoDateTime } from '../../../lib/dates.ts';
import { SUBSCRIPTION_STATUS_COLORS, SUBSCRIPTION_STATUS_LABELS } from './subscriptions-filter.ts';

interface SubscriptionsTableProps {
  subscriptions: Subscription[];
  emptyText: string;
  /** The id being deleted: its button shows a spinner and the others wait. */
  deletingId: number | null;
  onDelete: (subscription: Subscription) => void;
}

interface ItemProps {
  subscription: Subscription;
  deleting: boolean;
  busy: boolean;
  onDelete: (subscription: Subscription) => void;
}

// A long address wraps, even as one word, so the status and the delete button stay on screen.
const WRAP = { whiteSpace: 'normal', overflowWrap: 'anywhere' } as const;

const categoryName = (subscription: Subscription) => subscription.category?.name ?? 'Nieznana kategoria';

function StatusBadge({ subscription }: { subscription: Subscription }) {
  return (
    <Badge
      colorPalette={SUBSCRIPTION_STATUS_COLORS[subscription.status]}
      variant="subtle"
      width="fit-content"
    >
      {SUBSCRIPTION_STATUS_LABELS[subscription.status]}
    </Badge>
  );
}

function Created({ subscription }: { subscription: Subscription }) {
  return <time dateTime={isoDateTime(subscription.createdAt)}>{formatDateTime(subscription.createdAt)}</time>;
}

function DeleteButton({ subscription, deleting, busy, onDelete }: ItemProps) {
  return (
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
  );
}

function SubscriptionRow(props: ItemProps) {
  const { subscription } = props;
  return (
    <Table.Row>
      <Table.Cell fontWeight="medium" {...WRAP}>
        {subscription.email}
      </Table.Cell>
      <Table.Cell {...WRAP}>{categoryName(subscription)}</Table.Cell>
      <Table.Cell>
        <StatusBadge subscription={subscription} />
      </Table.Cell>
      <Table.Cell whiteSpace="nowrap">
        <Created subscription={subscription} />
      </Table.Cell>
      <Table.Cell textAlign="end">
        <DeleteButton {...props} />
      </Table.Cell>
    </Table.Row>
  );
}

/** On a phone each subscription is a card: the address first, then the same facts and the delete. */
function SubscriptionCard(props: ItemProps) {
  const { subscription } = props;
  return (
    <Box as="li" borderWidth="1px" borderColor="border.muted" borderRadius="lg" p="4" listStyleType="none">
      <Stack gap="2">
        <Text fontWeight="medium" {...WRAP}>
          {subscription.email}
        </Text>
        <Text fontSize="sm" {...WRAP}>
          {categoryName(subscription)}
        </Text>
        <HStack justify="space-between" align="center" gap="3" flexWrap="wrap">
          <HStack gap="3" fontSize="sm" color="fg.muted" flexWrap="wrap">
            <StatusBadge subscription={subscription} />
            <Created subscription={subscription} />
          </HStack>
          <DeleteButton {...props} />
        </HStack>
      </Stack>
    </Box>
  );
}

/**
 * The subscriptions list: e-mail, category, status, date (dd.MM.yyyy HH:mm), delete; a table
 * that fits the width from `md` up, cards on phones.
 */
export function SubscriptionsTable({
  subscriptions,
  emptyText,
  deletingId,
  onDelete,
}: SubscriptionsTableProps) {
  const itemProps = (subscription: Subscription): ItemProps => ({
    subscription,
    deleting: deletingId === subscription.id,
    busy: deletingId !== null,
    onDelete,
  });
  const empty = (
    <Text color="fg.muted" textAlign="center" py="10">
      {emptyText}
    </Text>
  );
  // One text for both widths (a copy in each would be two on the page, one hidden).
  if (subscriptions.length === 0) return empty;
  return (
    <>
      <Box hideBelow="md" borderWidth="1px" borderColor="border.muted" borderRadius="lg" overflow="hidden">
        <Table.Root size="sm" interactive tableLayout="fixed" width="full">
          <Table.Caption srOnly>Subskrypcje</Table.Caption>
          <Table.ColumnGroup>
            <Table.Column />
            <Table.Column />
            <Table.Column width="52" />
            <Table.Column width="36" />
            <Table.Column width="20" />
          </Table.ColumnGroup>
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
            {subscriptions.map((subscription) => (
              <SubscriptionRow key={subscription.id} {...itemProps(subscription)} />
            ))}
          </Table.Body>
        </Table.Root>
      </Box>
      <Box hideFrom="md">
        <Stack as="ul" gap="3" aria-label="Subskrypcje">
          {subscriptions.map((subscription) => (
            <SubscriptionCard key={subscription.id} {...itemProps(subscription)} />
          ))}
        </Stack>
      </Box>
    </>
  );
}
