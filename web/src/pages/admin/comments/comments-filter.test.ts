import { describe, expect, it } from 'vitest';
import {
  commentsEmptyText,
  selectAllState,
  selectedShown,
  sortChange,
  toggleAll,
  toggleOne,
} from './comments-filter.ts';

describe('comment moderation helpers', () => {
  it('maps the sort menu to the URL, the default (newest first) leaving it', () => {
    expect(sortChange('createdAt:desc')).toEqual({ sort: undefined, order: undefined });
    expect(sortChange('createdAt:asc')).toEqual({ sort: undefined, order: 'asc' });
    expect(sortChange('author:asc')).toEqual({ sort: 'author', order: 'asc' });
    expect(sortChange('author:desc')).toEqual({ sort: 'author', order: 'desc' });
  });

  it('says the system is empty only when nothing is searched or filtered', () => {
    expect(commentsEmptyText(0, false)).toBe('Brak komentarzy w systemie');
    expect(commentsEmptyText(0, true)).toBe('Nie znaleziono komentarzy spełniających kryteria wyszukiwania');
    expect(commentsEmptyText(undefined, false)).toBe(
      'Nie znaleziono komentarzy spełniających kryteria wyszukiwania',
    );
  });

  it('selects rows one by one and all shown at once', () => {
    let selected = toggleOne(new Set(), 1, true);
    expect(selectAllState([1, 2, 3], selected)).toBe('indeterminate');
    selected = toggleAll([1, 2, 3], selected, true);
    expect(selectAllState([1, 2, 3], selected)).toBe(true);
    selected = toggleAll([2, 3], selected, false);
    expect([...selected]).toEqual([1]);
    expect(selectAllState([], selected)).toBe(false);
    expect(selectAllState([2], selected)).toBe(false);
  });

  it('bulk-deletes only the selected rows still shown', () => {
    expect(selectedShown([2, 3], new Set([1, 2]))).toEqual([2]);
  });
});
