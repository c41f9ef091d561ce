import type { Category } from '@blog/openapi';
import { mutate } from 'swr';
import { CATEGORIES_KEY } from './categories.ts';
import { api, unwrap } from './client.ts';

/*
 * Category changes (staff). The list itself is GET /categories through useCategories(): for signed-in
 * staff the server includes the hidden categories. Kept apart from categories.ts so none of this reaches
 * the reader's first download.
 */

async function refreshCategories(): Promise<void> {
  await Promise.all([
    mutate(CATEGORIES_KEY),
    // Category names and visibility show in the public lists cached in this tab.
    mutate((key) => Array.isArray(key) && (key[0] === 'posts' || key[0] === 'post'), undefined, {
      revalidate: false,
    }),
  ]);
}

export async function createCategory(name: string): Promise<Category> {
  const created = await unwrap(api.POST('/admin/categories', { body: { name } }));
  await refreshCategories();
  return created;
}

export async function renameCategory(id: number, name: string): Promise<Category> {
  const renamed = await unwrap(api.PATCH('/admin/categories/{id}', { params: { path: { id } }, body: { name } }));
  await refreshCategories();
  return renamed;
}

/** Removes the category from its posts (the posts stay) and deletes its subscriptions. */
export async function deleteCategory(id: number): Promise<void> {
  await api.DELETE('/admin/categories/{id}', { params: { path: { id } } });
  await Promise.all([refreshCategories(), mutate('admin-posts')]);
}

export async function toggleCategoryVisibility(id: number): Promise<Category> {
  const result = await unwrap(
    api.PATCH('/admin/categories/{id}/toggle-visibility', { params: { path: { id } } }),
  );
  await refreshCategories();
  return result;
}
