import { describe, expect, it } from 'vitest';
import { signInGreeting } from './sign-in-greeting.ts';

describe('signInGreeting', () => {
  it('welcomes back by username after an ordinary sign-in', () => {
    expect(signInGreeting({ username: 'jan', displayName: 'Jan Kowalski', passwordTemporary: false })).toBe(
      'Witaj ponownie, jan!',
    );
  });

  it('greets a temporary password by display name and asks for a new password', () => {
    expect(signInGreeting({ username: 'jan', displayName: 'Jan Kowalski', passwordTemporary: true })).toBe(
      'Witaj, Jan Kowalski! Zalogowano hasłem tymczasowym — ustaw teraz własne hasło.',
    );
  });

  it('falls back to the username without a display name', () => {
    expect(signInGreeting({ username: 'jan', displayName: null, passwordTemporary: true })).toMatch(
      /^Witaj, jan! /,
    );
  });
});
