import { describe, expect, it } from 'vitest';
import { authorName } from '@blog/shared/rules';
import { authorRoleLabel } from './author.ts';

describe('authorRoleLabel', () => {
  it.each([
    ['admin', 'Administrator'],
    ['publisher', 'Redaktor'],
    ['subscriber', 'Użytkownik'],
    [null, 'Użytkownik'],
  ])('labels %s as %s', (role, label) => {
    expect(authorRoleLabel(role)).toBe(label);
  });
});

describe('authorName', () => {
  it('prefers the display name, then the username', () => {
    expect(authorName({ displayName: 'Anna Nowak', username: 'anna' })).toBe('Anna Nowak');
    expect(authorName({ displayName: '  ', username: 'anna' })).toBe('anna');
    expect(authorName({ displayName: null, username: 'anna' })).toBe('anna');
  });

  it('falls back to the house name when there is no author', () => {
    expect(authorName(null)).toBe('Redakcja');
  });
});
