import type { LoginRequest } from '@blog/shared';
import { loginForm, type LoginFormValues } from '@blog/shared/rules';
import type * as yup from 'yup';
import { yupFromForm } from '../../lib/yup-from-rules.ts';

export type SignInFormValues = LoginFormValues;

export const signInInitialValues: SignInFormValues = { username: '', password: '' };

// Sign-in checks only that both fields are filled in. Rules and messages come from @blog/shared/rules,
// shared with the API; the real check is the server's.
export const signInSchema: yup.ObjectSchema<SignInFormValues> = yupFromForm(loginForm);

/** The username is trimmed (the server trims it too); the password is sent exactly as typed. */
export function buildLoginPayload(values: SignInFormValues): LoginRequest {
  return { username: values.username.trim(), password: values.password };
}
