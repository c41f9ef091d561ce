import type { PasswordResetRequest } from '@blog/openapi';
import * as yup from 'yup';
import { requiredEmailRule } from '../../lib/account-rules.ts';

export interface ForgotPasswordFormValues {
  email: string;
}

export const forgotPasswordInitialValues: ForgotPasswordFormValues = { email: '' };

export const forgotPasswordSchema: yup.ObjectSchema<ForgotPasswordFormValues> = yup.object({
  email: requiredEmailRule(),
});

export function buildPasswordResetRequest(values: ForgotPasswordFormValues): PasswordResetRequest {
  return { email: values.email.trim() };
}
