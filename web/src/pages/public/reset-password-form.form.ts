import type { PasswordResetConfirm } from '@blog/shared';
import { passwordResetConfirmForm, type PasswordResetConfirmFormValues } from '@blog/shared/rules';
import type * as yup from 'yup';
import { yupFromForm } from '../../lib/yup-from-rules.ts';

/** The password and its confirmation; the token is not typed but taken from the link. */
export type ResetPasswordFormValues = PasswordResetConfirmFormValues;

export const resetPasswordInitialValues: ResetPasswordFormValues = { password: '', confirmPassword: '' };

// Rules and messages come from @blog/shared/rules, shared with the API (the token is left out here).
export const resetPasswordSchema: yup.ObjectSchema<ResetPasswordFormValues> =
  yupFromForm(passwordResetConfirmForm);

/** The token comes from the e-mailed link; the confirmation is checked here and never sent. */
export function buildPasswordResetConfirm(
  values: ResetPasswordFormValues,
  token: string,
): PasswordResetConfirm {
  return { token, password: values.password };
}
