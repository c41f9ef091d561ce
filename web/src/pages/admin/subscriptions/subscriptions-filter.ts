import { SUBSCRIPTION_TEXTS } from '@blog/shared/messages';
import type { SubscriptionStatus } from '@blog/shared';
import { ADMIN_SUBSCRIPTIONS_LIST } from '@blog/shared/rules';
import { listTotalText } from '../../../lib/list-total.ts';

/** The list's sorts as one choice each: `field:order` (the server's default first). */
export const SUBSCRIPTION_SORTS = [
  { value: 'createdAt:desc', label: 'Najnowsze' },
  { value: 'createdAt:asc', label: 'Najstarsze' },
  { value: 'email:asc', label: 'E-mail A–Z' },
  { value: 'email:desc', label: 'E-mail Z–A' },
] as const;

export const SUBSCRIPTION_LIST_DEFAULTS = {
  sort: ADMIN_SUBSCRIPTIONS_LIST.defaultSort,
  order: ADMIN_SUBSCRIPTIONS_LIST.defaultOrder,
} as const;

/** The screen's Aktywna / Nieaktywna, and the state double opt-in adds. */
export const SUBSCRIPTION_STATUS_LABELS: Record<SubscriptionStatus, string> = SUBSCRIPTION_TEXTS.status;

export const SUBSCRIPTION_STATUS_COLORS: Record<SubscriptionStatus, string> = {
  active: 'green',
  pending: 'orange',
  inactive: 'gray',
};

/**
 * Footer of the table: „Wyświetlono X z Y subskrypcji” (X on this page, Y matching the filter); past
 * the server's count cap Y is „ponad 10 000” („ponad 1000” when searched), never the lower bound as a
 * number.
 */
export function shownCountLabel(shown: number, total: number, exact = true): string {
  return `Wyświetlono ${shown} z ${listTotalText(total, exact)} subskrypcji`;
}

/** One text when nothing matches the filter, another when there is nothing at all. */
export function subscriptionsEmptyText(filtered: boolean, total: number | undefined): string {
  return !filtered && total === 0
    ? 'Brak subskrypcji do wyświetlania'
    : 'Nie znaleziono pasujących subskrypcji';
}
