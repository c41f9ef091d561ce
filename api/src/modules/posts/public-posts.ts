import type { PostDetail } from '@blog/shared';
import type { PostListPage } from '@blog/shared/page-render';
import type { Deps } from '../../deps.ts';
import { AppError } from '../../errors.ts';
import type { PublicCacheDeps } from '../public-cache/public-cache.ts';
import { presentPostDetail, presentPostSummary } from './posts.presenter.ts';
import {
  getVisiblePost,
  listVisiblePosts,
  type PostDetail as StoredPostDetail,
  type PostListQuery,
  type VisiblePostMeta,
} from './posts.service.ts';

/**
 * The public list and one article exactly as a reader gets them: GET /api/posts(/:slugOrId) sends these,
 * and the server-rendered pages (modules/public-pages) render from them.
 */

/**
 * One page of visible posts with its paging numbers. The exact count is computed once per content and
 * search (the public cache's memo, dropped when the database reports a change), not on every page view.
 */
export async function publicPostList(
  deps: Pick<Deps, 'sequelize'> & PublicCacheDeps,
  query: PostListQuery,
): Promise<PostListPage> {
  const list = await listVisiblePosts(deps, query, {
    total: (search, count) => deps.publicCache.memo(`posts-count:${search}`, count),
  });
  return {
    posts: list.rows.map((row) => presentPostSummary(row, list.relations)),
    total: list.total,
    totalPages: list.totalPages,
    page: list.page,
    limit: list.limit,
  };
}

/** The article at `slugOrId` as readers see it; throws not_found when they may not. */
export async function publicPost(deps: Pick<Deps, 'sequelize'>, slugOrId: string): Promise<PostDetail> {
  return presentPostDetail(await getVisiblePost(deps, slugOrId));
}

/** What an article's head (meta tags, JSON-LD, feeds) shows, from the article as it was read for the page. */
function headOf(detail: StoredPostDetail): VisiblePostMeta {
  const { row, relations } = detail;
  const author = row.user_id === null ? undefined : relations.authors.get(row.user_id);
  return {
    title: row.title,
    slug: row.slug,
    excerpt: row.excerpt,
    imageUrl: row.image_url,
    metaTitle: detail.metaTitle,
    metaDescription: row.meta_description,
    socialImageUrl: row.social_image_url,
    createdAt: new Date(row.created_at),
    updatedAt: new Date(row.updated_at),
    authorName: author ? author.display_name || author.username : null,
    categories: relations.categories.get(row.id) ?? [],
  };
}

/**
 * The article at `slugOrId` as readers see it together with what its page's head shows, from one
 * read; null when readers may not see it.
 */
export async function publicArticle(
  deps: Pick<Deps, 'sequelize'>,
  slugOrId: string,
): Promise<{ post: PostDetail; head: VisiblePostMeta } | null> {
  const detail = await getVisiblePost(deps, slugOrId).catch((error: unknown) => {
    if (error instanceof AppError && error.code === 'not_found') return null;
    throw error;
  });
  return detail && { post: presentPostDetail(detail), head: headOf(detail) };
}
