import type { IncomingMessage, ServerResponse } from 'node:http';
import { performance } from 'node:perf_hooks';
import type { Queue } from 'bullmq';
import type { NextFunction, Request, RequestHandler, Response } from 'express';
import { Counter, Gauge, Registry } from 'prom-client';
import { QueryTypes } from 'sequelize';
import type { Deps } from '../deps.ts';
import { routeLabel } from '../http/route-label.ts';
import type { PublicResponseCache } from '../modules/public-cache/response-cache.ts';
import { getSubscriptionStats } from '../modules/subscriptions/subscriptions.service.ts';
import { mayReadMetrics } from './metrics-access.ts';
import { RequestTally } from './request-tally.ts';
import { processMetricsRegistry } from './process-metrics.ts';

const JOB_STATES = ['waiting', 'active', 'delayed', 'failed', 'completed', 'prioritized'] as const;

export interface AppMetrics {
  /** Counts and times every request by method, route pattern and status. */
  middleware: RequestHandler;
  /** The same for a request answered before Express routes it: its route pattern is known. */
  track(req: IncomingMessage, res: ServerResponse, route: string, started: number): void;
  /**
   * The same for an answer already written in full (the edge's hits): no listener per request.
   * `started` is `performance.now()` at its arrival (a float: no BigInt per request, as hrtime.bigint makes).
   */
  record(method: string | undefined, route: string, status: number, started: number): void;
  /** GET /metrics: Prometheus text, for loopback scrapers or the METRICS_TOKEN bearer only. */
  handler: RequestHandler;
}

/** The API's metrics: HTTP traffic, queue depth, e-mail deliveries and subscription-cap use, read at scrape time. */
export function createAppMetrics(
  deps: Pick<Deps, 'config' | 'redis' | 'sequelize' | 'clock'>,
  /** The queues to report (created on the first scrape: the API loads BullMQ only when it needs it). */
  queues: () => Promise<Queue[]>,
  /** The public cache whose hits, misses and size are reported. */
  publicCache?: PublicResponseCache,
): AppMetrics {
  const registry = new Registry();
  if (publicCache) {
    // Plain numbers per hit (prom-client's inc hashes its labels on every call: a third of a µs), read
    // into the counter when scraped; both results from the start, as the labelled children printed
    // them (0 before the first).
    const counts = new Map<'hit' | 'miss', number>([
      ['hit', 0],
      ['miss', 0],
    ]);
    const count = (result: 'hit' | 'miss') => counts.set(result, counts.get(result)! + 1);
    new Counter({
      name: 'blog_public_cache_total',
      help: 'Public answers by cache result: hit (from memory, at the edge or in a route), miss (built).',
      labelNames: ['result'] as const,
      registers: [registry],
      collect() {
        this.reset();
        for (const [result, value] of counts) this.inc({ result }, value);
      },
    });
    publicCache.counters = { hit: () => count('hit'), miss: () => count('miss') };
    new Gauge({
      name: 'blog_public_cache_bytes',
      help: 'Bytes of the public answers this process holds in memory (bounded; least recently used go first).',
      registers: [registry],
      collect() {
        this.set(publicCache.size.bytes);
      },
    });
  }
  const requests = new RequestTally(
    [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5],
    {
      requests: {
        name: 'blog_http_requests_total',
        help: 'HTTP requests by method, matched route pattern and status.',
      },
      duration: {
        name: 'blog_http_request_duration_seconds',
        help: 'HTTP request latency by method, matched route pattern and status.',
      },
    },
    registry,
  );
  new Gauge({
    name: 'blog_queue_jobs',
    help: 'Jobs in each BullMQ queue by state (waiting = the backlog a stopped or slow worker leaves).',
    labelNames: ['queue', 'state'] as const,
    registers: [registry],
    async collect() {
      this.reset();
      for (const queue of await queues()) {
        const counts = await queue.getJobCounts(...JOB_STATES);
        for (const state of JOB_STATES) this.set({ queue: queue.name, state }, counts[state] ?? 0);
      }
    },
  });
  new Gauge({
    name: 'blog_email_deliveries',
    help: 'Rows of email_deliveries by status (pending, claimed, sent, failed, rejected), over every worker.',
    labelNames: ['status'] as const,
    registers: [registry],
    async collect() {
      this.reset();
      const rows = await deps.sequelize.query<{ status: string; count: string }>(
        'SELECT status, count(*)::text AS count FROM email_deliveries GROUP BY status',
        { type: QueryTypes.SELECT },
      );
      for (const row of rows) this.set({ status: row.status }, Number(row.count));
    },
  });
  new Gauge({
    name: 'blog_subscriptions_today',
    help: 'Subscriptions taken today (Europe/Warsaw) against the daily cap; kind = used | limit.',
    labelNames: ['kind'] as const,
    registers: [registry],
    async collect() {
      this.reset();
      // The subscriptions module's own reading: the Redis counter of the Warsaw day and the limit setting.
      const stats = await getSubscriptionStats(deps);
      this.set({ kind: 'used' }, stats.todayCount);
      this.set({ kind: 'limit' }, stats.limit);
    },
  });

  const record = (method: string | undefined, route: string, status: number, started: number) =>
    requests.record(method ?? '', route, status, (performance.now() - started) / 1e3);

  return {
    middleware(req: Request, res: Response, next: NextFunction) {
      const started = performance.now();
      res.once('finish', () => record(req.method, routeLabel(req), res.statusCode, started));
      next();
    },
    track(req, res, route, started) {
      res.once('finish', () => record(req.method, route, res.statusCode, started));
    },
    record,
    async handler(req: Request, res: Response, next: NextFunction) {
      if (!mayReadMetrics(req, deps.config.METRICS_TOKEN)) {
        res.status(403).type('text/plain').send('Forbidden\n');
        return;
      }
      try {
        const text = (await registry.metrics()) + (await processMetricsRegistry.metrics());
        res.setHeader('Cache-Control', 'no-store');
        res.type(registry.contentType).send(text);
      } catch (err) {
        next(err);
      }
    },
  };
}
