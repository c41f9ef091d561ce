import type { User } from '@blog/openapi';
import { describe, expect, it } from 'vitest';
import { filterUsers } from './users-filter.ts';

const user = (id: number, username: string, email: string | null, displayName: string | null): User => ({
  id,
  username,
  email,
  displayName,
  role: 'subscriber',
  isActive: true,
  createdAt: '2024-01-01T00:00:00.000Z',
  version: 1,
});

const users = [
  user(1, 'admin', 'admin@example.com', null),
  user(2, 'redaktor', null, 'Łukasz Żak'),
  user(3, 'czytelnik', 'czytelnik@poczta.pl', 'Anna'),
];

const ids = (found: User[]) => found.map((found) => found.id);

describe('filterUsers', () => {
  it('keeps everyone for a blank search', () => {
    expect(ids(filterUsers(users, '  '))).toEqual([1, 2, 3]);
  });

  it('matches the username, the e-mail and the display name, ignoring case', () => {
    expect(ids(filterUsers(users, 'ADMIN'))).toEqual([1]);
    expect(ids(filterUsers(users, 'poczta.PL'))).toEqual([3]);
    expect(ids(filterUsers(users, 'łukasz'))).toEqual([2]);
    expect(ids(filterUsers(users, 'ŻAK'))).toEqual([2]);
  });

  it('matches substrings across fields and skips missing values', () => {
    expect(ids(filterUsers(users, 'example'))).toEqual([1]);
    expect(ids(filterUsers(users, 'an'))).toEqual([3]);
  });

  it('finds nothing for an unknown text', () => {
    expect(filterUsers(users, 'zzz')).toEqual([]);
  });
});
