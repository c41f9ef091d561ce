import type { AdminPost, PostRevision, PostRevisionSummary } from '@blog/shared';
import useSWR, { mutate } from 'swr';
import { sharedBodyHeader } from './shared-bodies.ts';
import { adminPostKey } from './admin-posts.ts';
import { api, unwrap } from './client.ts';

export const revisionsKey = (postId: number) => ['post-revisions', postId] as const;

/** „Historia zmian”: the post's revisions, newest first, without bodies. */
export function usePostRevisions(postId: number) {
  const { data, error, isLoading } = useSWR<PostRevisionSummary[], Error>(revisionsKey(postId), () =>
    unwrap(api.GET('/admin/posts/{id}/revisions', { params: { path: { id: postId } } })),
  );
  return { revisions: data, error, isLoading };
}

/** One revision with its body. */
export const fetchRevision = (postId: number, revisionId: number): Promise<PostRevision> =>
  unwrap(
    api.GET('/admin/posts/{id}/revisions/{revisionId}', { params: { path: { id: postId, revisionId } } }),
  );

/**
 * Brings the revision's text back (a new revision itself). `version` is the post's as loaded: 409 when
 * someone saved meanwhile. The editor then shows the restored post.
 */
export async function restoreRevision(
  postId: number,
  revisionId: number,
  version: number,
): Promise<AdminPost> {
  const post = await unwrap(
    api.POST('/admin/posts/{id}/revisions/{revisionId}/restore', {
      params: { path: { id: postId, revisionId }, header: sharedBodyHeader(postId) },
      body: { version },
    }),
  );
  await Promise.all([
    mutate(adminPostKey(postId), post, { revalidate: false }),
    mutate(revisionsKey(postId)),
  ]);
  return post;
}
