import type { Deps } from '../deps.ts';
import { apiRoutes, type ApiRoutes } from '../http/routes.ts';

type CheckResult = 'ok' | 'down';

const withTimeout = async (work: Promise<unknown>, ms: number): Promise<CheckResult> => {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<CheckResult>((resolve) => {
    timer = setTimeout(() => resolve('down'), ms);
  });
  try {
    return await Promise.race([work.then((): CheckResult => 'ok').catch((): CheckResult => 'down'), timeout]);
  } finally {
    clearTimeout(timer);
  }
};

/** `/healthz`: the process is alive. `/readyz`: PostgreSQL and Redis answer within a second. */
export function healthRouter(deps: Pick<Deps, 'sequelize' | 'redis'>): ApiRoutes {
  const routes = apiRoutes();
  routes.on('getHealth', (_req, res) => {
    res.json({ status: 'ok' });
  });
  routes.on('getReadiness', async (_req, res) => {
    const [postgres, redis] = await Promise.all([
      withTimeout(deps.sequelize.query('SELECT 1'), 1000),
      withTimeout(deps.redis.ping(), 1000),
    ]);
    const ready = postgres === 'ok' && redis === 'ok';
    res.setHeader('Cache-Control', 'no-store');
    if (!ready) res.setHeader('Retry-After', '5');
    res.status(ready ? 200 : 503).json({ status: ready ? 'ok' : 'unavailable', checks: { postgres, redis } });
  });
  return routes;
}
