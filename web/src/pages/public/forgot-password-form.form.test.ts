import { describe, expect, it } from 'vitest';
import { fieldError } from '../../../test/validation.ts';
import {
  buildPasswordResetRequest,
  forgotPasswordInitialValues,
  forgotPasswordSchema,
} from './forgot-password-form.form.ts';

describe('forgot-password form', () => {
  it('starts empty and needs a valid address', async () => {
    expect(forgotPasswordInitialValues).toEqual({ email: '' });
    expect(await fieldError(forgotPasswordSchema, { email: 'nie-adres' }, 'email')).toBe(
      'Podaj prawidłowy adres email',
    );
    expect(await fieldError(forgotPasswordSchema, { email: '' }, 'email')).toBe(
      'Podaj prawidłowy adres email',
    );
  });

  it('sends the trimmed address', () => {
    expect(buildPasswordResetRequest({ email: ' jan@example.com ' })).toEqual({ email: 'jan@example.com' });
  });
});
