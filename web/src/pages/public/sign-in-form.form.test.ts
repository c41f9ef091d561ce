import { describe, expect, it } from 'vitest';
import { fieldError } from '../../../test/validation.ts';
import { buildLoginPayload, signInInitialValues, signInSchema } from './sign-in-form.form.ts';

describe('sign-in form', () => {
  it('starts empty', () => {
    expect(signInInitialValues).toEqual({ username: '', password: '' });
  });

  it('needs both fields filled in', async () => {
    expect(await fieldError(signInSchema, { username: '  ' }, 'username')).toBe('Podaj nazwę użytkownika');
    expect(await fieldError(signInSchema, { password: '' }, 'password')).toBe('Podaj hasło');
    await expect(signInSchema.isValid({ username: 'ab', password: 'x' })).resolves.toBe(true);
  });

  it('trims the username and keeps the password as typed', () => {
    expect(buildLoginPayload({ username: ' admin ', password: ' Tajne!1 ' })).toEqual({
      username: 'admin',
      password: ' Tajne!1 ',
    });
  });
});
