import { describe, expect, it } from 'vitest';
import { fieldError } from '../../../test/validation.ts';
import { buildRegisterPayload, registerInitialValues, registerSchema } from './register-form.form.ts';

const valid = {
  username: 'czytelnik',
  email: 'czytelnik@example.com',
  displayName: '',
  password: 'Haslo!123',
  confirmPassword: 'Haslo!123',
};

describe('registration form', () => {
  it('starts empty and accepts a valid account', async () => {
    expect(registerInitialValues).toEqual({
      username: '',
      email: '',
      displayName: '',
      password: '',
      confirmPassword: '',
    });
    await expect(registerSchema.isValid(valid)).resolves.toBe(true);
  });

  it.each([undefined, '', 'ab', '  ab  '])('rejects the username %j', async (username) => {
    expect(await fieldError(registerSchema, { ...valid, username }, 'username')).toBe(
      'Nazwa użytkownika musi mieć co najmniej 3 znaki',
    );
  });

  it.each([undefined, '', 'jan', 'jan@'])('rejects the e-mail %j', async (email) => {
    expect(await fieldError(registerSchema, { ...valid, email }, 'email')).toBe(
      'Podaj prawidłowy adres email',
    );
  });

  it('checks the password strength', async () => {
    expect(await fieldError(registerSchema, { ...valid, password: 'haslo!123' }, 'password')).toBe(
      'Hasło musi zawierać wielką literę',
    );
  });

  it('needs a matching confirmation', async () => {
    expect(await fieldError(registerSchema, { ...valid, confirmPassword: '' }, 'confirmPassword')).toBe(
      'Powtórz hasło',
    );
    expect(
      await fieldError(registerSchema, { ...valid, confirmPassword: 'Haslo!124' }, 'confirmPassword'),
    ).toBe('Hasła muszą być identyczne');
  });

  it('sends only the contract fields, trimmed, without the confirmation', () => {
    expect(
      buildRegisterPayload({ ...valid, username: ' czytelnik ', email: ' czytelnik@example.com ' }),
    ).toEqual({ username: 'czytelnik', email: 'czytelnik@example.com', password: 'Haslo!123' });
  });

  it('sends a display name only when one is given', () => {
    expect(buildRegisterPayload({ ...valid, displayName: ' Czytelnik ' })).toEqual({
      username: 'czytelnik',
      email: 'czytelnik@example.com',
      displayName: 'Czytelnik',
      password: 'Haslo!123',
    });
    expect(buildRegisterPayload({ ...valid, displayName: '  ' })).not.toHaveProperty('displayName');
  });
});
