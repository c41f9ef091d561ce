import { Router } from 'express';
import type { AppContext } from '../../http/context.ts';
import { parseParams, parseQuery } from '../../http/validate.ts';
import { presentPostDetail, presentPostSummary } from './posts.presenter.ts';
import { postListQuerySchema, postParamsSchema } from './posts.schemas.ts';
import { getVisiblePost, listVisiblePosts } from './posts.service.ts';

export function postsRouter(ctx: AppContext): Router {
  const router = Router();

  router.get('/posts', async (req, res) => {
    const query = parseQuery(postListQuerySchema, req);
    const list = await listVisiblePosts(ctx, query);
    res.setHeader('X-Total-Count', String(list.total));
    res.setHeader('X-Total-Pages', String(list.totalPages));
    res.setHeader('X-Page', String(list.page));
    res.setHeader('X-Limit', String(list.limit));
    res.json(list.rows.map((row) => presentPostSummary(row, list.relations)));
  });

  router.get('/posts/:slugOrId', async (req, res) => {
    const { slugOrId } = parseParams(postParamsSchema, req);
    res.json(presentPostDetail(await getVisiblePost(ctx, slugOrId)));
  });

  return router;
}
