import type { PasswordChange } from '@blog/openapi';
import * as yup from 'yup';
import { ACCOUNT_MESSAGES, confirmationRule, newPasswordRule } from '../../../lib/account-rules.ts';

export type ChangePasswordFormValues = PasswordChange;

export const changePasswordInitialValues: ChangePasswordFormValues = {
  currentPassword: '',
  newPassword: '',
  confirmPassword: '',
};

export const changePasswordSchema: yup.ObjectSchema<ChangePasswordFormValues> = yup.object({
  currentPassword: yup.string().required(ACCOUNT_MESSAGES.currentPassword),
  newPassword: newPasswordRule(),
  confirmPassword: confirmationRule('newPassword'),
});

/** Passwords are sent exactly as typed (no trimming: spaces may be part of them). */
export function buildPasswordChange(values: ChangePasswordFormValues): PasswordChange {
  return {
    currentPassword: values.currentPassword,
    newPassword: values.newPassword,
    confirmPassword: values.confirmPassword,
  };
}
