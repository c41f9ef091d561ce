import { Router } from 'express';
import type { AppContext } from '../../http/context.ts';
import { presentCategory } from './categories.presenter.ts';
import { listCategories } from './categories.service.ts';

export function categoriesRouter(ctx: AppContext): Router {
  const router = Router();
  // Readers see visible categories only; the staff view (all of them) comes with sign-in.
  router.get('/categories', async (_req, res) => {
    res.json((await listCategories(ctx, { visibleOnly: true })).map(presentCategory));
  });
  return router;
}
