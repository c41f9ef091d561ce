import type { RegisterRequest } from '@blog/shared';
import { registerForm, type RegisterFormValues } from '@blog/shared/rules';
import type * as yup from 'yup';
import { yupFromForm } from '../../lib/yup-from-rules.ts';

export type { RegisterFormValues };

/** The form has no display-name input (it is optional), so that value stays empty and is never sent. */
export const registerInitialValues: RegisterFormValues = {
  username: '',
  email: '',
  displayName: '',
  password: '',
  confirmPassword: '',
};

// Rules and messages come from @blog/shared/rules, shared with the API. The e-mail is required there:
// without an address an account cannot reset its own password.
export const registerSchema: yup.ObjectSchema<RegisterFormValues> = yupFromForm(registerForm);

/** Only the contract's fields, trimmed: the confirmation is checked here and never sent. */
export function buildRegisterPayload(values: RegisterFormValues): RegisterRequest {
  const displayName = values.displayName?.trim();
  return {
    username: values.username.trim(),
    email: values.email.trim(),
    ...(displayName ? { displayName } : {}),
    password: values.password,
  };
}
