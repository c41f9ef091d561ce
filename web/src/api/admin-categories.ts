import type { Category, CategoryDeleteImpact } from '@blog/shared';
import useSWR, { mutate } from 'swr';
import { ApiError } from './api-error.ts';
import { refreshAdminPostLists } from './admin-posts.ts';
import { CATEGORIES_KEY } from './categories.ts';
import { api, unwrap } from './client.ts';
import { forget, isPublicPostKey, refetch } from './refresh.ts';

/*
 * Category changes (staff). The list itself is GET /categories through useCategories(): for signed-in
 * staff the server includes the hidden categories. Kept apart from categories.ts so none of this reaches
 * the reader's first download.
 */

/**
 * Every category, hidden ones included. Same call as the public list, cached under its own key: a list
 * fetched before signing in (visible ones only) must not stand in for the panel's.
 */
export const STAFF_CATEGORIES_KEY = 'staff-categories';

const fetchStaffCategories = () => unwrap(api.GET('/categories'));

export function useStaffCategories() {
  const { data, error, isLoading } = useSWR<Category[], Error>(STAFF_CATEGORIES_KEY, fetchStaffCategories);
  return { categories: data, error, isLoading };
}

async function refreshCategories(): Promise<void> {
  await Promise.all([
    refetch(STAFF_CATEGORIES_KEY, fetchStaffCategories),
    // The public list of categories and the public posts (category names and visibility) in this tab.
    mutate(CATEGORIES_KEY, undefined, { revalidate: true }),
    forget(isPublicPostKey),
  ]);
}

export async function createCategory(name: string): Promise<Category> {
  const created = await unwrap(api.POST('/admin/categories', { body: { name } }));
  await refreshCategories();
  return created;
}

/**
 * Renames the category loaded at `version`. When someone changed it meanwhile the server answers 409:
 * the list is refreshed (the typed name stays in the field) and the error is rethrown for the toast.
 */
export async function renameCategory(id: number, name: string, version: number): Promise<Category> {
  const renamed = await unwrap(
    api.PATCH('/admin/categories/{id}', { params: { path: { id } }, body: { name, version } }),
  ).catch(async (error: unknown) => {
    if (error instanceof ApiError && error.status === 409) await refreshCategories();
    throw error;
  });
  await refreshCategories();
  return renamed;
}

/**
 * What deleting the category would do, for its confirmation; asked afresh each time the dialog
 * opens (a post may have been linked meanwhile).
 */
export function useCategoryDeleteImpact(id: number | null) {
  const { data, error } = useSWR<CategoryDeleteImpact, Error>(
    id === null ? null : ['category-delete-impact', id],
    () => unwrap(api.GET('/admin/categories/{id}/delete-impact', { params: { path: { id: id! } } })),
    { revalidateOnMount: true, dedupingInterval: 0 },
  );
  return { impact: data, error };
}

/** Removes the category from its posts (the posts stay) and deletes its subscriptions. */
export async function deleteCategory(id: number): Promise<void> {
  await unwrap(api.DELETE('/admin/categories/{id}', { params: { path: { id } } }));
  await Promise.all([refreshCategories(), refreshAdminPostLists()]);
}

export async function toggleCategoryVisibility(id: number): Promise<Category> {
  const result = await unwrap(
    api.PATCH('/admin/categories/{id}/toggle-visibility', { params: { path: { id } } }),
  );
  await refreshCategories();
  return result;
}
