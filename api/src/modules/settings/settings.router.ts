import { Router } from 'express';
import { getSiteSettings } from './settings.service.ts';

export function settingsRouter(): Router {
  const router = Router();
  router.get('/site-settings', async (_req, res) => {
    res.json(await getSiteSettings());
  });
  return router;
}
