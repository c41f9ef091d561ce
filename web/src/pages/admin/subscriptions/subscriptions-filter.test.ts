import { describe, expect, it } from 'vitest';
import { subscriptionsExportHref } from '../../../api/subscriptions.ts';
import { sortChange } from '../shell/list-select.tsx';
import {
  SUBSCRIPTION_LIST_DEFAULTS,
  shownCountLabel,
  subscriptionsEmptyText,
} from './subscriptions-filter.ts';

describe('subscriptions list texts', () => {
  it('counts what is shown against what matches', () => {
    expect(shownCountLabel(2, 5)).toBe('Wyświetlono 2 z 5 subskrypcji');
    expect(shownCountLabel(20, 5, true)).toBe('Wyświetlono 20 z 5 subskrypcji');
    expect(shownCountLabel(20, 10_001, false)).toBe('Wyświetlono 20 z ponad 10\u00a0000 subskrypcji');
    expect(shownCountLabel(20, 1_001, false)).toBe('Wyświetlono 20 z ponad 1000 subskrypcji');
  });

  it('says there are none only when nothing is filtered', () => {
    expect(subscriptionsEmptyText(false, 0)).toBe('Brak subskrypcji do wyświetlania');
    expect(subscriptionsEmptyText(true, 0)).toBe('Nie znaleziono pasujących subskrypcji');
  });
});

describe('subscriptionsExportHref', () => {
  it('carries the filter and sort, never the page', () => {
    expect(subscriptionsExportHref({ page: 3, limit: 20 })).toBe('/api/admin/subscriptions/export.csv');
    expect(
      subscriptionsExportHref({ page: 2, q: 'łoś & co', status: 'pending', category: 7, sort: 'email' }),
    ).toBe('/api/admin/subscriptions/export.csv?q=%C5%82o%C5%9B+%26+co&status=pending&category=7&sort=email');
  });
});

describe('sortChange', () => {
  it('leaves the newest-first default out of the URL', () => {
    expect(sortChange('createdAt:desc', SUBSCRIPTION_LIST_DEFAULTS)).toEqual({
      sort: undefined,
      order: undefined,
    });
    expect(sortChange('email:asc', SUBSCRIPTION_LIST_DEFAULTS)).toEqual({ sort: 'email', order: 'asc' });
  });
});
