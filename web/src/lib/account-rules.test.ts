import { describe, expect, it } from 'vitest';
import * as yup from 'yup';
import { fieldError } from '../test/validation.ts';
import { ACCOUNT_MESSAGES, confirmationRule, newPasswordRule } from './account-rules.ts';

const schema = yup.object({ password: newPasswordRule(), confirm: confirmationRule('password') });

describe('newPasswordRule', () => {
  it.each([
    ['Haslo!12', null],
    ['Żółw#2024', null],
    ['ZAŻÓŁĆ1ą!', null],
    ['', ACCOUNT_MESSAGES.passwordLength],
    ['Ab1!', ACCOUNT_MESSAGES.passwordLength],
    ['haslo!123', ACCOUNT_MESSAGES.passwordUppercase],
    ['HASLO!123', ACCOUNT_MESSAGES.passwordLowercase],
    ['Haslo!abc', ACCOUNT_MESSAGES.passwordDigit],
    ['Haslo1234', ACCOUNT_MESSAGES.passwordSpecial],
    ['Hasło1234', ACCOUNT_MESSAGES.passwordSpecial],
  ])('%j → %j', async (password, message) => {
    expect(await fieldError(schema, { password, confirm: password }, 'password')).toBe(message);
  });

  it('counts characters, not UTF-16 units', async () => {
    expect(await fieldError(schema, { password: 'Aa1!😀😀' }, 'password')).toBe(
      ACCOUNT_MESSAGES.passwordLength,
    );
  });
});

describe('confirmationRule', () => {
  it.each([
    ['Haslo!12', 'Haslo!12', null],
    ['Haslo!12', 'Haslo!13', 'Hasła muszą być identyczne'],
    ['Haslo!12', '', 'Hasła muszą być identyczne'],
  ])('%j vs %j → %j', async (password, confirm, message) => {
    expect(await fieldError(schema, { password, confirm }, 'confirm')).toBe(message);
  });
});
