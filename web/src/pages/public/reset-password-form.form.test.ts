import { describe, expect, it } from 'vitest';
import { fieldError } from '../../../test/validation.ts';
import {
  buildPasswordResetConfirm,
  resetPasswordInitialValues,
  resetPasswordSchema,
} from './reset-password-form.form.ts';

describe('reset-password form', () => {
  it('starts empty', () => {
    expect(resetPasswordInitialValues).toEqual({ password: '', confirmPassword: '' });
  });

  it('checks the new password and its confirmation', async () => {
    expect(await fieldError(resetPasswordSchema, { password: 'Krotkie' }, 'password')).toBe(
      'Hasło musi mieć co najmniej 8 znaków',
    );
    expect(
      await fieldError(
        resetPasswordSchema,
        { password: 'Haslo!123', confirmPassword: 'Haslo!12' },
        'confirmPassword',
      ),
    ).toBe('Hasła muszą być identyczne');
    expect(
      await fieldError(
        resetPasswordSchema,
        { password: 'Haslo!123', confirmPassword: '' },
        'confirmPassword',
      ),
    ).toBe('Powtórz hasło');
    await expect(
      resetPasswordSchema.isValid({ password: 'Haslo!123', confirmPassword: 'Haslo!123' }),
    ).resolves.toBe(true);
  });

  it('sends the token and the password only', () => {
    expect(buildPasswordResetConfirm({ password: 'Haslo!123', confirmPassword: 'Haslo!123' }, 'tok')).toEqual(
      {
        token: 'tok',
        password: 'Haslo!123',
      },
    );
  });
});
