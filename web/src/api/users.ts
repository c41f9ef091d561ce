import type {
  AdminUserPage,
  operations,
  PasswordResetResult,
  User,
  UserCreate,
  UserCreated,
  UserUpdate,
} from '@blog/shared';
import useSWR, { mutate } from 'swr';
import { ApiError } from './api-error.ts';
import { ADMIN_LIST_SWR } from './admin-list-swr.ts';
import { api, unwrap } from './client.ts';

/** The query of GET /admin/users (page, limit, q, sort, order, status, role). */
export type AdminUsersQuery = NonNullable<operations['adminListUsers']['parameters']['query']>;

/** Keys of every cached page of the users list: ['admin-users', query]. */
const isAdminUsersKey = (key: unknown): boolean => Array.isArray(key) && key[0] === 'admin-users';

/** A page of accounts (admin only), searched, filtered and sorted on the server; the last page stays while the next loads. */
export function useAdminUsers(query: AdminUsersQuery) {
  const { data, error } = useSWR<AdminUserPage, Error>(
    ['admin-users', query],
    () => unwrap(api.GET('/admin/users', { params: { query } })),
    ADMIN_LIST_SWR,
  );
  return { page: data, error, isLoading: !data && !error };
}

/** The shown page refetches; the others are read again when shown (ADMIN_LIST_SWR). */
function refreshUsers(): Promise<unknown> {
  return mutate(isAdminUsersKey);
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
