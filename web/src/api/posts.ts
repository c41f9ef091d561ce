import type { PostDetail } from '@blog/shared';
import type { PostListPage } from '@blog/shared/page-render';
import { archivePageParams, postsPageParams } from '@blog/shared/rules';
import useSWR from 'swr';
import { POSTS_PER_PAGE } from '../lib/site.ts';
import { ApiError } from './api-error.ts';
import { api } from './client.ts';

export type { PostListPage };

export interface PostListQuery {
  page: number;
  limit: number;
  q?: string;
  /** A category page: only posts of this category. */
  category?: number;
  /** A tag page: only posts carrying this tag. */
  tag?: string;
}

/** The list page's query from its URL (?q=&page=): the page and the server renderer read it alike. */
export function postsPageQuery(params: URLSearchParams): { page: number; limit: number; q: string } {
  return { ...postsPageParams((name) => params.get(name)), limit: POSTS_PER_PAGE };
}

function headerNumber(headers: Headers, name: string, fallback: number): number {
  const value = Number(headers.get(name));
  return headers.has(name) && Number.isFinite(value) ? value : fallback;
}

export async function fetchPostList({ page, limit, q, category, tag }: PostListQuery): Promise<PostListPage> {
  const search = q?.trim();
  const { data, response } = await api.GET('/posts', {
    params: {
      query: {
        page,
        limit,
        ...(search ? { q: search } : {}),
        ...(category !== undefined ? { category } : {}),
        ...(tag ? { tag } : {}),
      },
    },
  });
  const posts = data ?? [];
  // Paging metadata travels in headers so the body stays a plain array (contract: GET /posts).
  const total = headerNumber(response.headers, 'X-Total-Count', posts.length);
  return {
    posts,
    total,
    totalPages: headerNumber(response.headers, 'X-Total-Pages', Math.ceil(total / limit)),
    page: headerNumber(response.headers, 'X-Page', page),
    limit: headerNumber(response.headers, 'X-Limit', limit),
  };
}

export const postListKey = (page: number, limit: number, search: string) =>
  ['posts', page, limit, search] as const;

/** One page of published posts, newest first, optionally filtered by a search text. */
export function usePostList(query: PostListQuery) {
  const search = query.q?.trim() ?? '';
  const { data, error, isLoading, isValidating, mutate } = useSWR<PostListPage, Error>(
    postListKey(query.page, query.limit, search),
    () => fetchPostList({ ...query, q: search }),
    // While the next page or search result loads, the previous one stays on screen instead of a blank list.
    { keepPreviousData: true },
  );
  return { data, error, isLoading, isValidating, reload: () => mutate() };
}

/** What a category or tag page lists: one of the two. */
export type ArchiveFilter = { category: number } | { tag: string };

/** A category or tag page's query from its URL (?page=): the page and the server renderer read it alike. */
export function archivePageQuery(params: URLSearchParams): { page: number; limit: number } {
  return { ...archivePageParams((name) => params.get(name)), limit: POSTS_PER_PAGE };
}

export const archiveListKey = (filter: ArchiveFilter, page: number, limit: number) =>
  'category' in filter
    ? (['archive', 'category', filter.category, page, limit] as const)
    : (['archive', 'tag', filter.tag.toLowerCase(), page, limit] as const);

/** One page of a category's or a tag's visible posts, newest first (the readers' archives). */
export function useArchiveList(filter: ArchiveFilter | null, page: number, limit: number) {
  const { data, error, isLoading, mutate } = useSWR<PostListPage, Error>(
    filter ? archiveListKey(filter, page, limit) : null,
    () => fetchPostList({ page, limit, ...filter }),
    { keepPreviousData: true },
  );
  return { data, error, isLoading, reload: () => mutate() };
}

export const postKey = (slug: string) => ['post', slug] as const;

export async function fetchPost(slugOrId: string): Promise<PostDetail> {
  const { data } = await api.GET('/posts/{slugOrId}', { params: { path: { slugOrId } } });
  return data as PostDetail;
}

/**
 * One article with its comments; `notFound` is true for an unknown slug (also when the server rendered the
 * page as not found: its data then holds null for the post).
 */
export function usePost(slug: string | undefined) {
  const { data, error, isLoading, mutate } = useSWR<PostDetail | null, Error>(
    slug ? postKey(slug) : null,
    () => fetchPost(slug as string),
  );
  const notFound = data === null || (error instanceof ApiError && error.status === 404);
  return {
    post: data ?? undefined,
    error: notFound ? undefined : error,
    notFound,
    isLoading,
    reload: () => mutate(),
  };
}
