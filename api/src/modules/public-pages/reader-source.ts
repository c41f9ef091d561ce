import type { ReaderSource } from '@blog/shared/page-render';
import type { Deps } from '../../deps.ts';
import { AppError } from '../../errors.ts';
import type { PublicCacheDeps } from '../public-cache/public-cache.ts';
import { presentCategory } from '../categories/categories.presenter.ts';
import { listCategories } from '../categories/categories.service.ts';
import { postListQuerySchema } from '../posts/posts.schemas.ts';
import { publicPost, publicPostList } from '../posts/public-posts.ts';
import { getSiteSettings } from '../settings/settings.service.ts';

/**
 * The server renderer's data, from the same services and presenters as the calls it stands for (no HTTP
 * to itself): what a reader who is not signed in gets from GET /api/site-settings, /api/categories, /api/posts and
 * /api/posts/{slug}.
 */
export function readerSource(deps: Pick<Deps, 'sequelize'> & PublicCacheDeps): ReaderSource {
  return {
    siteSettings: () => getSiteSettings(deps),
    categories: async () => (await listCategories(deps, { visibleOnly: true })).map(presentCategory),
    postList: async ({ page, limit, q, category, tag }) => {
      // Validated as the call validates the browser's query (a search over 200 characters is refused there).
      const query = postListQuerySchema.parse({
        page: String(page),
        limit: String(limit),
        ...(q ? { q } : {}),
        ...(category !== undefined ? { category: String(category) } : {}),
        ...(tag ? { tag } : {}),
      });
      return publicPostList(deps, query);
    },
    post: (slug) =>
      publicPost(deps, slug).catch((error: unknown) => {
        if (error instanceof AppError && error.code === 'not_found') return null;
        throw error;
      }),
  };
}
