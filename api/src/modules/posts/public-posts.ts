import type { PostDetail } from '@blog/shared';
import type { PostListPage } from '@blog/shared/page-render';
import type { Deps } from '../../deps.ts';
import type { PublicCacheDeps } from '../public-cache/public-cache.ts';
import { presentPostDetail, presentPostSummary } from './posts.presenter.ts';
import { getVisiblePost, listVisiblePosts, type PostListQuery } from './posts.service.ts';

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
