import type { PasswordResetRequest } from '@blog/shared';
import { passwordResetRequestForm, type PasswordResetRequestValues } from '@blog/shared/rules';
import type * as yup from 'yup';
import { yupFromForm } from '../../lib/yup-from-rules.ts';

export type ForgotPasswordFormValues = PasswordResetRequestValues;

export const forgotPasswordInitialValues: ForgotPasswordFormValues = { email: '' };

// Rules and messages come from @blog/shared/rules, shared with the API.
export const forgotPasswordSchema: yup.ObjectSchema<ForgotPasswordFormValues> =
  yupFromForm(passwordResetRequestForm);

export function buildPasswordResetRequest(values: ForgotPasswordFormValues): PasswordResetRequest {
  return { email: values.email.trim() };
}
