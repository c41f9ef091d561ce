// Categories created, renamed, hidden and deleted: what readers see of a category is its posts'.
import { buildCategory, uniqueSuffix } from '../factories.ts';
import { admin, published, type ScenarioTable } from './invalidation-walk.fixtures.ts';

export const CATEGORY_SCENARIOS: ScenarioTable = {
  adminCreateCategory: [
    {
      name: 'creates a visible category',
      kind: 'public',
      async prepare() {
        return {
          probes: ['/api/categories'],
          call: async () => admin.call('POST', '/api/admin/categories', { name: `Kat ${uniqueSuffix()}` }),
        };
      },
    },
  ],
  adminRenameCategory: [
    {
      name: 'renames the category of a published post',
      kind: 'public',
      async prepare() {
        const category = await buildCategory();
        const post = await published({ categories: [category] });
        return {
          probes: [`/api/posts/${post.slug}`, '/api/posts?page=1&limit=6'],
          call: async () =>
            admin.call('PATCH', `/api/admin/categories/${category.id}`, { name: `Nowa ${uniqueSuffix()}` }),
        };
      },
    },
    {
      name: 'renames a hidden category',
      kind: 'private',
      async prepare() {
        const category = await buildCategory({ enabled: false });
        return {
          call: async () =>
            admin.call('PATCH', `/api/admin/categories/${category.id}`, { name: `Ukryta ${uniqueSuffix()}` }),
        };
      },
    },
  ],
  adminDeleteCategory: [
    {
      name: 'deletes the only category of a published post',
      kind: 'public',
      async prepare() {
        const category = await buildCategory();
        const post = await published({ categories: [category] });
        return {
          probes: [`/api/posts/${post.slug}`, '/api/posts?page=1&limit=6', '/rss.xml'],
          call: async () => admin.call('DELETE', `/api/admin/categories/${category.id}`),
        };
      },
    },
  ],
  adminToggleCategoryVisibility: [
    {
      name: 'hides the category of a published post',
      kind: 'public',
      async prepare() {
        const category = await buildCategory();
        const post = await published({ categories: [category] });
        return {
          probes: [`/api/posts/${post.slug}`, '/api/posts?page=1&limit=6', '/sitemap.xml'],
          call: async () => admin.call('PATCH', `/api/admin/categories/${category.id}/toggle-visibility`),
        };
      },
    },
  ],
};
