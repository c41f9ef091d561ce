import type {
  LoginRequest,
  PasswordChange,
  PasswordResetConfirm,
  PasswordResetRequest,
  RegisterRequest,
  SessionUser,
} from '@blog/shared';
import { mutate } from 'swr';
import { api, resetCsrfToken, unwrap } from './client.ts';
import { SESSION_KEY } from './session.ts';

/**
 * The session changed (sign-in, registration, password reset): the CSRF token belonged to the old session,
 * and every screen reading the session user must see the new one at once.
 */
async function adoptSession(user: SessionUser | null): Promise<void> {
  resetCsrfToken();
  await mutate(SESSION_KEY, user, { revalidate: false });
}

/** Signs in; resolves with the signed-in user, already stored as the session user. */
export async function login(credentials: LoginRequest): Promise<SessionUser> {
  const user = await unwrap(api.POST('/login', { body: credentials }));
  await adoptSession(user);
  return user;
}

/** Creates an account (role subscriber) and signs it in. */
export async function register(account: RegisterRequest): Promise<SessionUser> {
  const user = await unwrap(api.POST('/register', { body: account }));
  await adoptSession(user);
  return user;
}

/** Asks for a reset e-mail; resolves with the server's neutral confirmation (the same for every address). */
export async function requestPasswordReset(request: PasswordResetRequest): Promise<string> {
  const result = await unwrap(api.POST('/password-reset/request', { body: request }));
  return result.message;
}

/** Sets a new password with the e-mailed token. Every session of that account ends, this one included. */
export async function confirmPasswordReset(request: PasswordResetConfirm): Promise<string> {
  const result = await unwrap(api.POST('/password-reset/confirm', { body: request }));
  resetCsrfToken();
  await mutate(SESSION_KEY);
  return result.message;
}

/** Changes the signed-in user's password; resolves with the server's confirmation. */
export async function changePassword(change: PasswordChange): Promise<string> {
  const result = await unwrap(api.POST('/user/password', { body: change }));
  return result.message;
}
