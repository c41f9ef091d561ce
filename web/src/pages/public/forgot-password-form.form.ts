import type { PasswordResetRequest } from '@blog/openapi';
import { passwordResetRequestForm, type PasswordResetRequestValues } from '@blog/openapi/rules';
import type * as yup from 'yup';
import { yupFromForm } from '../../lib/yup-from-rules.ts';

export type ForgotPasswordFormValues = PasswordResetRequestValues;

export const forgotPasswordInitialValues: ForgotPasswordFormValues = { email: '' };

// Rules and messages come from @blog/openapi/rules, shared with the API.
export const forgotPasswordSchema: yup.ObjectSchema<ForgotPasswordFormValues> =
  yupFromForm(passwordResetRequestForm);

export function buildPasswordResetRequest(values: ForgotPasswordFormValues): PasswordResetRequest {
  return { email: values.email.trim() };
}
