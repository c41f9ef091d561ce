import type {
  AdminPost,
  AdminPostPage,
  BulkPostsRequest,
  BulkPostsResult,
  operations,
  PostInput,
  PostVisibility,
} from '@blog/shared';
import useSWR, { mutate } from 'swr';
import { sharedBodyHeader } from './shared-bodies.ts';
import { ApiError } from './api-error.ts';
import { refreshAdminCommentLists } from './admin-comments.ts';
import { api, unwrap } from './client.ts';
import { forget, isPublicPostKey } from './refresh.ts';

export const adminPostKey = (id: number) => ['admin-post', id] as const;

/** The query of GET /admin/posts (page, limit, q, sort, order, status, author, category). */
export type AdminPostsQuery = NonNullable<operations['adminListPosts']['parameters']['query']>;

/** Keys of every cached page of the posts list: ['admin-posts', query]. */
export const isAdminPostsKey = (key: unknown): boolean => Array.isArray(key) && key[0] === 'admin-posts';

/** One page of the posts, searched, filtered and sorted on the server (staff). */
export const fetchAdminPosts = (query: AdminPostsQuery) =>
  unwrap(api.GET('/admin/posts', { params: { query } }));

/** A page of posts; while another page loads, the last one stays on screen (no skeleton flash). */
export function useAdminPosts(query: AdminPostsQuery) {
  const { data, error } = useSWR<AdminPostPage, Error>(['admin-posts', query], () => fetchAdminPosts(query), {
    keepPreviousData: true,
  });
  return { page: data, error, isLoading: !data && !error };
}

/** Every cached page of the posts list refetches (shown ones) or is dropped (the others). */
export const refreshAdminPostLists = () => mutate(isAdminPostsKey, undefined, { revalidate: true });

/** The stored copy of one post, fresh from the server. */
export const fetchAdminPost = (id: number) =>
  unwrap(api.GET('/admin/posts/{id}', { params: { path: { id } } }));

/** One post for the editor; `notFound` is true for an unknown id. */
export function useAdminPost(id: number | null) {
  const { data, error, isLoading } = useSWR<AdminPost, Error>(id ? adminPostKey(id) : null, () =>
    fetchAdminPost(id as number),
  );
  const notFound = error instanceof ApiError && error.status === 404;
  return { post: data, error: notFound ? undefined : error, notFound, isLoading };
}

/**
 * The multipart body of both save calls: `postData` holds the JSON of the post, `image` the
 * optional cover file, `socialImage` the optional link-preview file. openapi-fetch would send the typed body as JSON, so the serializer builds the FormData;
 * the browser then sets the multipart content type with its boundary.
 */
export function postFormData(
  input: PostInput,
  image: File | null,
  socialImage: File | null = null,
): FormData {
  const form = new FormData();
  form.append('postData', JSON.stringify(input));
  if (image) form.append('image', image, image.name);
  if (socialImage) form.append('socialImage', socialImage, socialImage.name);
  return form;
}

/** Everything a reader or the panel shows of posts may have changed: refresh the lists. */
async function refreshPosts(id?: number): Promise<void> {
  await Promise.all([
    refreshAdminPostLists(),
    // A deleted post takes its comments with it; the dashboard and moderation lists count them.
    refreshAdminCommentLists(),
    id ? mutate(adminPostKey(id), undefined, { revalidate: false }) : Promise.resolve(),
    forget(isPublicPostKey),
  ]);
}

export async function createPost(
  input: PostInput,
  image: File | null,
  socialImage: File | null = null,
): Promise<AdminPost> {
  const body = postFormData(input, image, socialImage);
  const created = await unwrap(
    api.POST('/admin/posts', { body: { postData: '' }, bodySerializer: () => body }),
  );
  await refreshPosts();
  return created;
}

export async function updatePost(
  id: number,
  input: PostInput,
  image: File | null,
  socialImage: File | null = null,
): Promise<AdminPost> {
  const body = postFormData(input, image, socialImage);
  const updated = await unwrap(
    api.PUT('/admin/posts/{id}', {
      params: { path: { id }, header: sharedBodyHeader(id) },
      body: { postData: '' },
      bodySerializer: () => body,
    }),
  );
  await refreshPosts(id);
  return updated;
}

export async function deletePost(id: number): Promise<void> {
  await api.DELETE('/admin/posts/{id}', { params: { path: { id } } });
  await refreshPosts();
}

/** Published ⇄ draft; the server refuses (409) a post without categories. */
export async function togglePostVisibility(id: number): Promise<PostVisibility> {
  const result = await unwrap(api.PATCH('/admin/posts/{id}/toggle-visibility', { params: { path: { id } } }));
  await refreshPosts(id);
  return result;
}

/** Shows `post` as the stored copy in the editor (after a conflict, „Wczytaj nową wersję”). */
export async function showServerCopy(post: AdminPost): Promise<void> {
  await mutate(adminPostKey(post.id), post, { revalidate: false });
}

/** Publishes, unpublishes or deletes the given posts; each post's outcome is in the answer. */
export async function bulkPosts(body: BulkPostsRequest): Promise<BulkPostsResult> {
  const result = await unwrap(api.POST('/admin/posts/bulk', { body }));
  await refreshPosts();
  return result;
}
