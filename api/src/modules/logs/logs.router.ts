import { LOG_TEXTS } from '@blog/shared/messages';
import { apiRoutes, type ApiRoutes } from '../../http/routes.ts';
import type { AppContext } from '../../http/context.ts';
import { parseBody, parseQuery } from '../../http/validate.ts';
import { clearLog, readLog } from './capped-log.ts';
import { presentLogs } from './logs.presenter.ts';
import { logsClearSchema, logsQuerySchema } from './logs.schemas.ts';
import { generateTestLogs } from './logs.service.ts';

/** The Logs screen's calls; admin-only by the contract's x-auth. */
export function logsRouter(ctx: AppContext): ApiRoutes {
  const routes = apiRoutes();

  routes.on('adminGetLogs', async (req, res) => {
    const { type, limit } = parseQuery(logsQuerySchema, req);
    const { entries, total } = await readLog(ctx, type, limit);
    res.setHeader('Cache-Control', 'no-store');
    res.json(presentLogs(type, entries, total));
  });

  routes.on('adminClearLogs', async (req, res) => {
    const { type } = parseBody(logsClearSchema, req);
    await clearLog(ctx, type);
    res.json({ message: LOG_TEXTS.cleared });
  });

  routes.on('adminGenerateTestLogs', async (req, res, admin) => {
    const written = await generateTestLogs(ctx, admin.username);
    res.json({ message: `Zapisano wpisy testowe: ${written}` });
  });

  return routes;
}
