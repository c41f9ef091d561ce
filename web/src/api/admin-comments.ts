import type { AdminCommentPage, BulkDeleteResult, operations } from '@blog/shared';
import useSWR, { mutate } from 'swr';
import { api, unwrap } from './client.ts';
import { forget } from './refresh.ts';

/** The query of GET /admin/comments (page, limit, q, sort, order, status, post). */
export type AdminCommentsQuery = NonNullable<operations['adminListComments']['parameters']['query']>;

/** Keys of every cached page of the comments list: ['admin-comments', query]. */
export const isAdminCommentsKey = (key: unknown): boolean =>
  Array.isArray(key) && key[0] === 'admin-comments';

/** One page of the comments, searched, filtered and sorted on the server (staff). */
export const fetchAdminComments = (query: AdminCommentsQuery) =>
  unwrap(api.GET('/admin/comments', { params: { query } }));

/** A page of comments; while another page loads, the last one stays on screen (no flash). */
export function useAdminComments(query: AdminCommentsQuery) {
  const { data, error } = useSWR<AdminCommentPage, Error>(
    ['admin-comments', query],
    () => fetchAdminComments(query),
    { keepPreviousData: true },
  );
  return { page: data, error, isLoading: !data && !error };
}

/** Every cached page of the list (the screen's and the dashboard's) refetches or is dropped. */
export const refreshAdminCommentLists = () => mutate(isAdminCommentsKey, undefined, { revalidate: true });

async function refreshComments(): Promise<void> {
  await Promise.all([
    refreshAdminCommentLists(),
    // Articles cached in this tab show their comments.
    forget((key) => Array.isArray(key) && key[0] === 'post'),
  ]);
}

/** Deletes a comment; rejecting a comment that waits for approval is this too. */
export async function deleteComment(id: number): Promise<void> {
  await unwrap(api.DELETE('/admin/comments/{id}', { params: { path: { id } } }));
  await refreshComments();
}

/** Approves a waiting comment: readers see it at once. */
export async function approveComment(id: number): Promise<void> {
  await unwrap(api.POST('/admin/comments/{id}/approve', { params: { path: { id } } }));
  await refreshComments();
}

/** Deletes several comments in one call (one transaction on the server). */
export async function bulkDeleteComments(ids: number[]): Promise<BulkDeleteResult> {
  const result = await unwrap(api.POST('/admin/comments/bulk-delete', { body: { ids } }));
  await refreshComments();
  return result;
}
