import type { PasswordChange } from '@blog/shared';
import { passwordChangeForm, type PasswordChangeValues } from '@blog/shared/rules';
import type * as yup from 'yup';
import { yupFromForm } from '../../../lib/yup-from-rules.ts';

export type ChangePasswordFormValues = PasswordChangeValues;

export const changePasswordInitialValues: ChangePasswordFormValues = {
  currentPassword: '',
  newPassword: '',
  confirmPassword: '',
};

// Rules and messages come from @blog/shared/rules, shared with the API.
export const changePasswordSchema: yup.ObjectSchema<ChangePasswordFormValues> =
  yupFromForm(passwordChangeForm);

/** Passwords are sent exactly as typed (no trimming: spaces may be part of them); the API checks the confirmation too. */
export function buildPasswordChange(values: ChangePasswordFormValues): PasswordChange {
  return {
    currentPassword: values.currentPassword,
    newPassword: values.newPassword,
    confirmPassword: values.confirmPassword,
  };
}
