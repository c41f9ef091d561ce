import type { SessionUser } from '@blog/shared';
import useSWR from 'swr';
import { ApiError } from './api-error.ts';
import { api, resetCsrfToken } from './client.ts';

export const SESSION_KEY = 'session-user';

/** The signed-in user, or null when signed out (the API answers 401). */
export async function fetchSessionUser(): Promise<SessionUser | null> {
  try {
    const { data } = await api.GET('/user');
    return data ?? null;
  } catch (error) {
    if (error instanceof ApiError && error.status === 401) return null;
    throw error;
  }
}

/** `user` is undefined while unknown (loading), then a user or null. */
export function useSession() {
  const { data, error, isLoading } = useSWR<SessionUser | null, Error>(SESSION_KEY, fetchSessionUser);
  return { user: data, error, isLoading, isSignedIn: Boolean(data) };
}

export async function logout(): Promise<void> {
  await api.POST('/logout');
  // The session was destroyed, and its CSRF token with it.
  resetCsrfToken();
}
