import type { PostDetail } from '@blog/openapi';
import type { PostListPage } from '@blog/openapi/page-render';
import type { Deps } from '../../deps.ts';
import { publicResponseCache } from '../public-cache/response-cache.ts';
import { presentPostDetail, presentPostSummary } from './posts.presenter.ts';
import { getVisiblePost, listVisiblePosts, type PostListQuery } from './posts.service.ts';

/**
 * The public list and one article exactly as a reader gets them: GET /api/posts(/:slugOrId) sends these,
 * and the server-rendered pages (modules/public-pages) render from them.
 */

/**
 * One page of visible posts with its paging numbers. `version`: the content version it is built for; the
 * exact count is computed once per version and search (-1: Redis away, nothing is cached, count each time).
 */
export async function publicPostList(
  deps: Pick<Deps, 'sequelize' | 'redis' | 'config'>,
  query: PostListQuery,
  version: number,
): Promise<PostListPage> {
  const cache = publicResponseCache(deps);
  const list = await listVisiblePosts(deps, query, {
    total: version < 0 ? undefined : (search, count) => cache.memo(`posts-count:${search}`, version, count),
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
