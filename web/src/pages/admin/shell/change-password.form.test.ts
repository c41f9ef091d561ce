import { describe, expect, it } from 'vitest';
import { fieldError } from '../../../../test/validation.ts';
import {
  buildPasswordChange,
  changePasswordInitialValues,
  changePasswordSchema,
} from './change-password.form.ts';

const valid = { currentPassword: 'Stare!123', newPassword: 'Nowe!1234', confirmPassword: 'Nowe!1234' };

describe('change-password form', () => {
  it('starts empty and accepts a valid change', async () => {
    expect(changePasswordInitialValues).toEqual({
      currentPassword: '',
      newPassword: '',
      confirmPassword: '',
    });
    await expect(changePasswordSchema.isValid(valid)).resolves.toBe(true);
  });

  it('needs the current password', async () => {
    expect(await fieldError(changePasswordSchema, { ...valid, currentPassword: '' }, 'currentPassword')).toBe(
      'Podaj obecne hasło',
    );
  });

  it('checks the new password', async () => {
    expect(
      await fieldError(changePasswordSchema, { ...valid, newPassword: 'Nowe12345' }, 'newPassword'),
    ).toBe('Hasło musi zawierać znak specjalny');
  });

  it.each(['', 'Nowe!12345'])('rejects the confirmation %j', async (confirmPassword) => {
    expect(await fieldError(changePasswordSchema, { ...valid, confirmPassword }, 'confirmPassword')).toBe(
      'Hasła muszą być identyczne',
    );
  });

  it('sends all three fields as typed', () => {
    expect(buildPasswordChange(valid)).toEqual(valid);
  });
});
