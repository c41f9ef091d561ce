import type { PasswordResetResult, User, UserCreate, UserCreated, UserUpdate } from '@blog/openapi';
import useSWR, { mutate } from 'swr';
import { ApiError } from './api-error.ts';
import { api, unwrap } from './client.ts';

export const ADMIN_USERS_KEY = 'admin-users';

/** Every account (admin only), by username. */
export function useAdminUsers() {
  const { data, error, isLoading } = useSWR<User[], Error>(ADMIN_USERS_KEY, () =>
    unwrap(api.GET('/admin/users')),
  );
  return { users: data, error, isLoading };
}

function refreshUsers(): Promise<unknown> {
  return mutate(ADMIN_USERS_KEY);
}

/** Creates an account; the answer carries the temporary password only when it was not e-mailed. */
export async function createUser(user: UserCreate): Promise<UserCreated> {
  const created = await unwrap(api.POST('/admin/users', { body: user }));
  await refreshUsers();
  return created;
}

/** Saves an edit; a 409 (changed meanwhile, `version` stale) refreshes the list before it is rethrown. */
export async function updateUser(id: number, changes: UserUpdate): Promise<User> {
  const updated = await unwrap(
    api.PATCH('/admin/users/{id}', { params: { path: { id } }, body: changes }),
  ).catch(async (error: unknown) => {
    if (error instanceof ApiError && error.status === 409) await refreshUsers();
    throw error;
  });
  await refreshUsers();
  return updated;
}

/** Deletes the account and, on the server, its posts. */
export async function deleteUser(id: number): Promise<void> {
  await api.DELETE('/admin/users/{id}', { params: { path: { id } } });
  await refreshUsers();
}

/** Gives the account a new temporary password: e-mailed, or returned once in `password`. */
export async function resetUserPassword(id: number): Promise<PasswordResetResult> {
  return unwrap(api.POST('/admin/users/{id}/reset-password', { params: { path: { id } } }));
}
