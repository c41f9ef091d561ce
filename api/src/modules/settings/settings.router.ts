import { Router } from 'express';
import type { AppContext } from '../../http/context.ts';
import { getSiteSettings } from './settings.service.ts';

export function settingsRouter(ctx: AppContext): Router {
  const router = Router();
  router.get('/site-settings', async (_req, res) => {
    res.json(await getSiteSettings(ctx));
  });
  return router;
}
