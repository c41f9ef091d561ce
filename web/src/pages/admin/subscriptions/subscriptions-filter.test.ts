import type { Subscription } from '@blog/openapi';
import { describe, expect, it } from 'vitest';
import { filterSubscriptions, shownCountLabel, subscriptionsEmptyText } from './subscriptions-filter.ts';

function subscription(id: number, email: string, category: string | null): Subscription {
  return {
    id,
    email,
    categoryId: id,
    category: category === null ? null : { id, name: category },
    userId: null,
    active: true,
    createdAt: '2025-03-05T13:07:00.000Z',
  };
}

const all = [
  subscription(1, 'ola@example.com', 'Technologia'),
  subscription(2, 'jan@poczta.pl', 'Biznes'),
  subscription(3, 'Żaneta@example.com', null),
];

describe('filterSubscriptions', () => {
  it('keeps everything for a blank search', () => {
    expect(filterSubscriptions(all, '  ')).toEqual(all);
  });

  it('matches the e-mail, case-insensitively, Polish letters included', () => {
    expect(filterSubscriptions(all, 'POCZTA').map((s) => s.id)).toEqual([2]);
    expect(filterSubscriptions(all, 'żan').map((s) => s.id)).toEqual([3]);
  });

  it('matches the category name', () => {
    expect(filterSubscriptions(all, 'techno').map((s) => s.id)).toEqual([1]);
  });

  it('finds nothing for an unknown text', () => {
    expect(filterSubscriptions(all, 'nikt')).toEqual([]);
  });
});

describe('labels', () => {
  it('says how many are shown of all', () => {
    expect(shownCountLabel(2, 5)).toBe('Wyświetlono 2 z 5 subskrypcji');
  });

  it('has the two empty texts of the spec', () => {
    expect(subscriptionsEmptyText(0)).toBe('Brak subskrypcji do wyświetlania');
    expect(subscriptionsEmptyText(4)).toBe('Nie znaleziono pasujących subskrypcji');
  });
});
