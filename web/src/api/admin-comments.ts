import type { AdminComment, BulkDeleteResult } from '@blog/openapi';
import useSWR from 'swr';
import { api, unwrap } from './client.ts';
import { forget, refetch } from './refresh.ts';

export const ADMIN_COMMENTS_KEY = 'admin-comments';

/** Every comment, newest first, with the commenter's e-mail and its post (staff). */
export const fetchAdminComments = () => unwrap(api.GET('/admin/comments'));

export function useAdminComments() {
  const { data, error, isLoading } = useSWR<AdminComment[], Error>(ADMIN_COMMENTS_KEY, fetchAdminComments);
  return { comments: data, error, isLoading };
}

async function refreshComments(): Promise<void> {
  await Promise.all([
    refetch(ADMIN_COMMENTS_KEY, fetchAdminComments),
    // Articles cached in this tab show their comments.
    forget((key) => Array.isArray(key) && key[0] === 'post'),
  ]);
}

export async function deleteComment(id: number): Promise<void> {
  await api.DELETE('/admin/comments/{id}', { params: { path: { id } } });
  await refreshComments();
}

/** Deletes several comments in one call (one transaction on the server). */
export async function bulkDeleteComments(ids: number[]): Promise<BulkDeleteResult> {
  const result = await unwrap(api.POST('/admin/comments/bulk-delete', { body: { ids } }));
  await refreshComments();
  return result;
}
