import type { IncomingMessage, RequestListener, ServerResponse } from 'node:http';
import { performance } from 'node:perf_hooks';
import type { HttpLogger } from 'pino-http';
import type { Logger } from '../logger.ts';
import type { AppMetrics } from '../metrics/app-metrics.ts';
import {
  buildEntry,
  type CachedResponse,
  type LiveRoute,
  type PublicResponseCache,
  writeCached,
} from '../modules/public-cache/response-cache.ts';
import { markSignedIn } from '../modules/public-cache/shared-caching.ts';

export interface EdgeOptions {
  cache: PublicResponseCache;
  /** `<name>=` of the session cookie: a signed-in caller always goes through the whole stack. */
  sessionCookie: string;
  metrics: AppMetrics;
  /** The app's access logger (pino-http), so a hit's line is the same as a miss's. */
  accessLog: HttpLogger;
  /** One hit in this many is access-logged (1: every hit; 0: none). Misses are always logged. */
  logHitsEvery: number;
  logger: Logger;
}

const isRead = (method: string | undefined) => method === 'GET' || method === 'HEAD';

/**
 * The one edge in front of Express, composed at the HTTP server: a public GET or HEAD whose answer
 * this process holds for the current content is written from memory before Express sets the request
 * up (its router, logging, session, CSRF and contract layers are most of a request's cost); so is a
 * live answer the stack recorded (sendLive). Everything else — a miss, a signed-in caller, any write
 * — goes to `next` (the Express app) unchanged. Every answer is counted in /metrics under its route
 * pattern; hits are access-logged one in `logHitsEvery`.
 */
export function publicEdge(options: EdgeOptions, next: RequestListener): RequestListener {
  const { cache, sessionCookie, metrics, accessLog, logHitsEvery, logger } = options;
  const { changes } = cache;
  let hits = 0;
  const writeEnded = () => changes.noteWriteEnded();
  // A live route's last answer: the requests of one turn of the event loop share one read and one
  // entry, and while the bytes stay the same the entry (its ETag, gzip, headers on the wire) is kept.
  const lastLive = new Map<string, CachedResponse>();
  const liveEntry = async (key: string, live: LiveRoute) => {
    const built = buildEntry(live.headers, await live.produce(), 'static', live.route, cache.caching);
    const last = lastLive.get(key);
    const entry = last && last.etag === built.etag && last.status === built.status ? last : built;
    lastLive.set(key, entry);
    return entry;
  };

  const serve = (req: IncomingMessage, res: ServerResponse, entry: CachedResponse, started: number) => {
    if (logHitsEvery > 0 && (hits = (hits + 1) % logHitsEvery) === 0) accessLog(req, res);
    writeCached(req, res, entry);
    // Written in full (to the socket's buffer) by now: counted at once, without a listener per hit.
    metrics.record(req.method, entry.route, res.statusCode, started);
  };

  return (req, res) => {
    if (!isRead(req.method)) {
      // Whatever this write changed must be visible to this process's next read (content-changes.ts).
      res.once('finish', writeEnded);
      res.once('close', writeEnded);
      return next(req, res);
    }
    if (req.headers.cookie?.includes(sessionCookie)) {
      markSignedIn(req);
      return next(req, res);
    }
    const started = performance.now();
    const key = cache.keyOfTarget(req.url ?? '/');
    if (key === undefined) return next(req, res);

    const live = cache.liveRoute(key);
    if (live) {
      cache.coalescer
        .join(`live\u0000${key}`, () => liveEntry(key, live), { afterArrivals: true })
        .then(
          (entry) => serve(req, res, entry, started),
          // A failed read (Redis away): the whole stack answers it and reports it properly.
          () => next(req, res),
        )
        .catch((err: unknown) => {
          logger.error({ err }, 'edge answer failed');
          res.destroy();
        });
      return;
    }

    // Not listening (PostgreSQL away, so nobody can change anything): what is in memory still serves.
    if (changes.settledNow || !changes.live) {
      const entry = cache.fresh(key);
      if (!entry) return next(req, res);
      cache.counters.hit();
      return serve(req, res, entry, started);
    }
    changes
      .settled()
      .then(() => {
        const entry = cache.fresh(key);
        if (!entry) return next(req, res);
        cache.counters.hit();
        serve(req, res, entry, started);
      })
      .catch((err: unknown) => {
        logger.error({ err }, 'edge answer failed');
        res.destroy();
      });
  };
}
