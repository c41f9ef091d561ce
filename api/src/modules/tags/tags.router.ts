import { Router } from 'express';
import type { AppContext } from '../../http/context.ts';
import { listVisibleTags } from './tags.service.ts';

export function tagsRouter(ctx: AppContext): Router {
  const router = Router();
  router.get('/tags', async (_req, res) => {
    res.json(await listVisibleTags(ctx));
  });
  return router;
}
