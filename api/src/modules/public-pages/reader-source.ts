import type { PostDetail } from '@blog/shared';
import type { ReaderSource } from '@blog/shared/page-render';
import type { Deps } from '../../deps.ts';
import type { PublicCacheDeps } from '../public-cache/public-cache.ts';
import { presentCategory } from '../categories/categories.presenter.ts';
import { listCategories } from '../categories/categories.service.ts';
import { postListQuerySchema } from '../posts/posts.schemas.ts';
import { publicArticle, publicPostList } from '../posts/public-posts.ts';
import { articlePageMeta } from '../seo/article-meta.ts';
import type { PageMeta } from '../seo/page-meta.ts';
import { getSiteSettings } from '../settings/settings.service.ts';

/** The renderer's data and, beside it, what the page around it needs from the same reads. */
export interface PageSource extends ReaderSource {
  /**
   * The article at `slug` with the meta tags of its page, from one read (the renderer's `post` and
   * the page's head are the same article); null when readers may not see it.
   */
  article(slug: string): Promise<{ post: PostDetail; meta: PageMeta } | null>;
}

/**
 * The server renderer's data, from the same services and presenters as the calls it stands for (no HTTP
 * to itself): what a reader who is not signed in gets from GET /api/site-settings, /api/categories, /api/posts and
 * /api/posts/{slug}.
 */
export function readerSource(deps: Pick<Deps, 'sequelize' | 'config'> & PublicCacheDeps): PageSource {
  const article = async (slug: string) => {
    const found = await publicArticle(deps, slug);
    return found && { post: found.post, meta: articlePageMeta(deps.config.PUBLIC_URL, found.head) };
  };
  return {
    article,
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
    post: async (slug) => (await article(slug))?.post ?? null,
  };
}
