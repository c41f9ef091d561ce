import type { Subscription } from '@blog/openapi';

/**
 * Client-side search of the subscriptions screen (spec §2): a case-insensitive substring of the e-mail or
 * the category name. Blank search keeps every subscription.
 */
export function filterSubscriptions(subscriptions: readonly Subscription[], search: string): Subscription[] {
  const needle = search.trim().toLocaleLowerCase('pl');
  if (!needle) return [...subscriptions];
  return subscriptions.filter((subscription) =>
    [subscription.email, subscription.category?.name].some(
      (value) => value?.toLocaleLowerCase('pl').includes(needle) ?? false,
    ),
  );
}

/** Footer of the table: „Wyświetlono X z Y subskrypcji”. */
export function shownCountLabel(shown: number, total: number): string {
  return `Wyświetlono ${shown} z ${total} subskrypcji`;
}

/** Spec §2: one text when nothing matches the search, another when there is nothing at all. */
export function subscriptionsEmptyText(total: number): string {
  return total === 0 ? 'Brak subskrypcji do wyświetlania' : 'Nie znaleziono pasujących subskrypcji';
}
