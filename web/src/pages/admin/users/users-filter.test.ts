import { describe, expect, it } from 'vitest';
import { sortChange } from '../shell/list-select.tsx';
import { USER_LIST_DEFAULTS, usersEmptyText } from './users-filter.ts';

describe('usersEmptyText', () => {
  it('says nobody exists only when nothing is filtered', () => {
    expect(usersEmptyText(false, 0)).toBe('Brak użytkowników w systemie');
    expect(usersEmptyText(true, 0)).toBe('Nie znaleziono użytkowników');
    expect(usersEmptyText(false, undefined)).toBe('Nie znaleziono użytkowników');
  });
});

describe('sortChange', () => {
  it('leaves what the server assumes out of the URL', () => {
    expect(sortChange('username:asc', USER_LIST_DEFAULTS)).toEqual({ sort: undefined, order: undefined });
    expect(sortChange('username:desc', USER_LIST_DEFAULTS)).toEqual({ sort: undefined, order: 'desc' });
    expect(sortChange('email:asc', USER_LIST_DEFAULTS)).toEqual({ sort: 'email', order: undefined });
    expect(sortChange('createdAt:desc', USER_LIST_DEFAULTS)).toEqual({ sort: 'createdAt', order: 'desc' });
  });
});
