import type { RegisterRequest } from '@blog/openapi';
import * as yup from 'yup';
import {
  confirmationRule,
  newPasswordRule,
  requiredEmailRule,
  usernameRule,
} from '../../lib/account-rules.ts';

export interface RegisterFormValues {
  username: string;
  email: string;
  password: string;
  confirmPassword: string;
}

export const registerInitialValues: RegisterFormValues = {
  username: '',
  email: '',
  password: '',
  confirmPassword: '',
};

export const registerSchema: yup.ObjectSchema<RegisterFormValues> = yup.object({
  username: usernameRule(),
  // Optional in the contract, required here: without an address an account gets no notifications and
  // cannot reset its own password.
  email: requiredEmailRule(),
  password: newPasswordRule(),
  confirmPassword: confirmationRule('password'),
});

/** Only the contract's fields: the confirmation is checked here and never sent. */
export function buildRegisterPayload(values: RegisterFormValues): RegisterRequest {
  return { username: values.username.trim(), email: values.email.trim(), password: values.password };
}
