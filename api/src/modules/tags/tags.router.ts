import { apiRoutes, type ApiRoutes } from '../../http/routes.ts';
import type { AppContext } from '../../http/context.ts';
import { listVisibleTags } from './tags.service.ts';

export function tagsRouter(ctx: AppContext): ApiRoutes {
  const routes = apiRoutes();
  routes.on('listTags', async (_req, res) => {
    res.json(await listVisibleTags(ctx));
  });
  return routes;
}
