import type { Category } from '@blog/shared';
import useSWR from 'swr';
import { api, unwrap } from './client.ts';

export const CATEGORIES_KEY = 'categories';

/** Public categories (the server lists only visible ones here). */
export function useCategories() {
  const { data, error, isLoading } = useSWR<Category[], Error>(CATEGORIES_KEY, () =>
    unwrap(api.GET('/categories')),
  );
  return { categories: data, error, isLoading };
}
