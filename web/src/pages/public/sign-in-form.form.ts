import type { LoginRequest } from '@blog/openapi';
import * as yup from 'yup';
import { ACCOUNT_MESSAGES } from '../../lib/account-rules.ts';

export interface SignInFormValues {
  username: string;
  password: string;
}

export const signInInitialValues: SignInFormValues = { username: '', password: '' };

// Spec §5 leaves the sign-in rules open: only „filled in”, with the contract's messages. The real check is the server's.
export const signInSchema: yup.ObjectSchema<SignInFormValues> = yup.object({
  username: yup.string().trim().required(ACCOUNT_MESSAGES.loginUsername),
  password: yup.string().required(ACCOUNT_MESSAGES.loginPassword),
});

/** The username is trimmed (the server trims it too); the password is sent exactly as typed. */
export function buildLoginPayload(values: SignInFormValues): LoginRequest {
  return { username: values.username.trim(), password: values.password };
}
