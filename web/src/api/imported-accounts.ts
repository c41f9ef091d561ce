import type { User, UserMapResult } from '@blog/shared';
import { STAFF_ROLES } from '@blog/shared/policy';
import useSWR, { mutate } from 'swr';
import { api, unwrap } from './client.ts';
import { updateUser } from './users.ts';

/** The import's job is read again, so its list shows the account as it is now. */
const refreshJob = (jobId: number) => mutate(['admin-import', jobId]);

/** Activates an account an import created (the users screen's own edit: PATCH isActive). */
export async function activateImportedAccount(jobId: number, userId: number): Promise<User> {
  const user = await updateUser(userId, { isActive: true });
  await refreshJob(jobId);
  return user;
}

/** Moves an imported account's posts to an existing account and removes the imported one. */
export async function mapImportedAccount(
  jobId: number,
  userId: number,
  targetId: number,
): Promise<UserMapResult> {
  const result = await unwrap(
    api.POST('/admin/users/{id}/map', { params: { path: { id: userId } }, body: { targetId } }),
  );
  await refreshJob(jobId);
  return result;
}

/**
 * The accounts that may get an imported author's posts: administrators and publishers (up to 100
 * each), read once `wanted` (the dialog is open).
 */
export function useStaffAccounts(wanted: boolean) {
  const { data, error } = useSWR<User[], Error>(wanted ? ['import-staff-accounts'] : null, async () => {
    const pages = await Promise.all(
      STAFF_ROLES.map((role) =>
        unwrap(api.GET('/admin/users', { params: { query: { role, limit: 100, sort: 'username' } } })),
      ),
    );
    return pages.flatMap((page) => page.items).sort((a, b) => a.username.localeCompare(b.username, 'pl'));
  });
  return { accounts: data, error };
}
