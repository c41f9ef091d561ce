import { apiRoutes, type ApiRoutes } from '../../http/routes.ts';
import type { AppContext } from '../../http/context.ts';
import { parseBody } from '../../http/validate.ts';
import { actorOf } from '../logs/audit-log.ts';
import { appendLog } from '../logs/capped-log.ts';
import { siteSettingsUpdateSchema } from './settings.schemas.ts';
import { getSiteSettings, updateSiteSettings } from './settings.service.ts';

export function settingsRouter(ctx: AppContext): ApiRoutes {
  const routes = apiRoutes();
  routes.on('getSiteSettings', async (_req, res) => {
    res.json(await getSiteSettings(ctx));
  });

  // Admin-only by the contract's x-auth (the database tells the public cache what changed).
  routes.on('adminUpdateSiteSettings', async (req, res, admin) => {
    const { version, ...changes } = parseBody(siteSettingsUpdateSchema, req);
    const saved = await updateSiteSettings(ctx, changes, version);
    await appendLog(ctx, 'application', 'INFO', 'Zmieniono ustawienia strony', {
      by: actorOf(admin),
      ip: req.ip ?? null,
      changed: Object.keys(changes).join(','),
    });
    res.json(saved);
  });
  return routes;
}
