import { describe, expect, it } from 'vitest';
import {
  generateTemporaryPassword,
  hashPassword,
  passwordRuleViolation,
  verifyPassword,
} from './password.ts';

describe('hashPassword / verifyPassword', () => {
  it('hashes with argon2id and verifies only the same password', async () => {
    const hash = await hashPassword('Tajne-Hasło1');
    expect(hash).toMatch(/^\$argon2id\$/);
    expect(hash).not.toContain('Tajne');
    expect(await verifyPassword(hash, 'Tajne-Hasło1')).toBe(true);
    expect(await verifyPassword(hash, 'tajne-hasło1')).toBe(false);
  });

  it('salts every hash', async () => {
    expect(await hashPassword('Powtórka1!')).not.toBe(await hashPassword('Powtórka1!'));
  });

  it('refuses a stored value that is not an argon2 hash instead of throwing', async () => {
    expect(await verifyPassword('not-a-hash', 'anything')).toBe(false);
    expect(await verifyPassword('', '')).toBe(false);
  });
});

describe('passwordRuleViolation', () => {
  it.each([
    ['', 'Hasło musi mieć co najmniej 8 znaków'],
    ['Ab1!xyz', 'Hasło musi mieć co najmniej 8 znaków'],
    ['abcdef1!', 'Hasło musi zawierać wielką literę'],
    ['ABCDEF1!', 'Hasło musi zawierać małą literę'],
    ['Abcdefg!', 'Hasło musi zawierać cyfrę'],
    ['Abcdefg1', 'Hasło musi zawierać znak specjalny'],
    ['ŻÓŁWIE12', 'Hasło musi zawierać małą literę'],
  ])('gives the first broken rule for %j', (password, message) => {
    expect(passwordRuleViolation(password)).toBe(message);
  });

  it('accepts a password meeting every rule, Polish letters included', () => {
    expect(passwordRuleViolation('Abcdef1!')).toBeNull();
    expect(passwordRuleViolation('żółwŁódź9 ')).toBeNull();
  });

  it('counts characters, not UTF-16 units', () => {
    expect(passwordRuleViolation('Ab1!😀😀😀')).toBe('Hasło musi mieć co najmniej 8 znaków');
  });
});

describe('generateTemporaryPassword', () => {
  it('always meets the rules and differs every time', () => {
    const passwords = Array.from({ length: 500 }, () => generateTemporaryPassword());
    for (const password of passwords) {
      expect(password).toHaveLength(16);
      expect(passwordRuleViolation(password)).toBeNull();
    }
    expect(new Set(passwords).size).toBe(passwords.length);
  });

  it('never makes a password shorter than the minimum', () => {
    expect(passwordRuleViolation(generateTemporaryPassword(4))).toBeNull();
  });
});
