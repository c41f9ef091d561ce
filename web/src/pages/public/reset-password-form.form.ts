import type { PasswordResetConfirm } from '@blog/openapi';
import * as yup from 'yup';
import { confirmationRule, newPasswordRule } from '../../lib/account-rules.ts';

export interface ResetPasswordFormValues {
  password: string;
  confirmPassword: string;
}

export const resetPasswordInitialValues: ResetPasswordFormValues = { password: '', confirmPassword: '' };

export const resetPasswordSchema: yup.ObjectSchema<ResetPasswordFormValues> = yup.object({
  password: newPasswordRule(),
  confirmPassword: confirmationRule('password'),
});

/** The token comes from the e-mailed link; the confirmation is checked here and never sent. */
export function buildPasswordResetConfirm(
  values: ResetPasswordFormValues,
  token: string,
): PasswordResetConfirm {
  return { token, password: values.password };
}
