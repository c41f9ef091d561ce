import type { Express, Request, Response } from 'express';
import { type HttpLogger, startTime } from 'pino-http';
import type { Deps } from '../../deps.ts';
import type { AppMetrics } from '../../metrics/app-metrics.ts';
import { sessionCookieName } from '../../modules/auth/sessions.ts';
import {
  getSubscriptionStats,
  type SubscriptionStats,
} from '../../modules/subscriptions/subscriptions.service.ts';
import type { RawHandler } from './public-fast-path.ts';

const STATS_PATH = '/api/subscription-stats';

/** Headers that describe one exchange, not the answer: never replayed from the recorded one. */
const PER_REQUEST_HEADERS = new Set([
  'content-length',
  'etag',
  'date',
  'connection',
  'keep-alive',
  'transfer-encoding',
  'set-cookie',
]);

/**
 * GET /api/subscription-stats, which every reader's browser polls once a minute (`no-store`, the
 * counter is live), answered before Express routes it: one Redis round trip (stats service), then
 * Express's own res.json (same JSON, weak ETag, 304 and HEAD handling), with the headers the whole
 * stack gave this path's first answer in this process (security headers, Cache-Control, Vary), the
 * same access-log line (the app's pino-http instance) and the same metrics. Until that first answer
 * is recorded, and for signed-in callers (their session stays rolling), a query string or a failed
 * Redis read, the request goes through the whole stack as before.
 */
export function subscriptionStatsFastPath(options: {
  app: Express;
  deps: Deps;
  accessLog: HttpLogger;
  metrics: AppMetrics;
}): RawHandler {
  const { app, deps, accessLog, metrics } = options;
  const sessionCookie = `${sessionCookieName(deps.config)}=`;
  let recorded: [string, string | number | string[]][] | undefined;
  const record = (res: Response) => {
    if (res.statusCode !== 200 || res.getHeader('set-cookie') !== undefined) return;
    recorded = Object.entries(res.getHeaders()).flatMap(([name, value]) =>
      value === undefined || PER_REQUEST_HEADERS.has(name) ? [] : [[name, value] as [string, typeof value]],
    );
  };
  const noop = () => undefined;
  // Requests that arrive in the same turn of the event loop share one read, sent after all of them
  // arrived: none sees a counter older than its own arrival, and a burst costs one round trip.
  let nextRead: Promise<SubscriptionStats> | undefined;
  const readStats = () =>
    (nextRead ??= new Promise<SubscriptionStats>((resolve, reject) => {
      setImmediate(() => {
        nextRead = undefined;
        getSubscriptionStats(deps).then(resolve, reject);
      });
    }));

  return (rawReq, rawRes, next) => {
    if (rawReq.url !== STATS_PATH || (rawReq.method !== 'GET' && rawReq.method !== 'HEAD')) return next();
    if (rawReq.headers.cookie?.includes(sessionCookie)) return next();
    if (!recorded) {
      rawRes.once('finish', () => record(rawRes as Response));
      return next();
    }
    const headers = recorded;
    const started = Date.now();
    const startedPrecise = process.hrtime.bigint();
    readStats()
      .then((stats) => {
        // What app.handle does before routing, so Express's request/response methods work.
        const req = rawReq as Request;
        const res = rawRes as Response & { [startTime]?: number };
        req.res = res;
        res.req = req;
        Object.setPrototypeOf(req, app.request);
        Object.setPrototypeOf(res, app.response);
        res.locals ??= Object.create(null) as Response['locals'];
        res[startTime] = started;
        accessLog(req, res, noop);
        metrics.track(req, res, STATS_PATH, startedPrecise);
        for (const [name, value] of headers) res.setHeader(name, value);
        res.json(stats);
      }, next)
      // Only a fault of the answer itself (the headers may be out): never two answers, never a crash.
      .catch((err: unknown) => {
        deps.logger.error({ err }, 'subscription stats fast path failed');
        rawRes.destroy();
      });
  };
}
