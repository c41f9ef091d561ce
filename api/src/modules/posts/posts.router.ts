import { isStaff } from '@blog/shared/policy';
import { apiRoutes, type ApiRoutes } from '../../http/routes.ts';
import { isNotFound } from '../../errors.ts';
import type { AppContext } from '../../http/context.ts';
import { parseParams, parseQuery } from '../../http/validate.ts';
import type { PublicCacheDeps } from '../public-cache/public-cache.ts';
import { sendPublic } from '../public-cache/send-public.ts';
import { FOLLOWS_CONTENT } from '../public-cache/shared-caching.ts';
import { presentPostDetail } from './posts.presenter.ts';
import { postListQuerySchema, postParamsSchema } from './posts.schemas.ts';
import { getVisiblePost } from './posts.service.ts';
import { publicPost, publicPostList } from './public-posts.ts';
import { oldSlugRedirects } from './slug-redirects.ts';

const JSON_TYPE = 'application/json; charset=utf-8';

/**
 * Public JSON is the same for every reader: cached until the database reports a change, revalidated
 * by ETag (FOLLOWS_CONTENT: shared caches follow the purge configuration).
 */
export function postsRouter(ctx: AppContext & PublicCacheDeps): ApiRoutes {
  const routes = apiRoutes();

  routes.on('listPosts', async (req, res) => {
    const query = parseQuery(postListQuerySchema, req);
    await sendPublic(
      ctx,
      req,
      res,
      async () => {
        const list = await publicPostList(ctx, query);
        return {
          contentType: JSON_TYPE,
          cacheControl: FOLLOWS_CONTENT,
          headers: {
            'x-total-count': String(list.total),
            'x-total-pages': String(list.totalPages),
            'x-page': String(list.page),
            'x-limit': String(list.limit),
          },
          json: list.posts,
        };
      },
      // The key is the parsed query: unknown parameters share the entry of the known ones.
      { query: postListQuerySchema },
    );
  });

  // An old slug of a post answers 301 to its current address, asked once the slug found no post (a
  // redirect is not a post: it never enters the cache).
  const redirects = oldSlugRedirects(ctx);
  routes.on('getPost', async (req, res) => {
    const { slugOrId } = parseParams(postParamsSchema, req);
    try {
      // Staff preview drafts and posts without a visible category (contract: Visibility); their answer
      // differs from the readers', so it never touches the shared cache.
      if (isStaff(req.user?.role)) {
        res.setHeader('Cache-Control', 'no-store');
        res.json(presentPostDetail(await getVisiblePost(ctx, slugOrId, { includeHidden: true })));
        return;
      }
      await sendPublic(ctx, req, res, async () => {
        const post = await publicPost(ctx, slugOrId);
        // The article follows its own comments too (a comment elsewhere leaves it alone).
        return { contentType: JSON_TYPE, cacheControl: FOLLOWS_CONTENT, json: post, postId: post.id };
      });
    } catch (error) {
      const current = isNotFound(error) ? await redirects.find(slugOrId) : null;
      if (current === null) throw error;
      redirects.send(req, res, `/api/posts/${current}`);
    }
  });

  return routes;
}
