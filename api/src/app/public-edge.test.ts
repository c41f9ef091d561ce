import http, { createServer, type Server } from 'node:http';
import { Writable } from 'node:stream';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { createLogger } from '../logger.ts';
import type { Runtime } from '../runtime.ts';
import type { ContentChanges } from '../modules/public-cache/content-changes.ts';
import { PublicResponseCache } from '../modules/public-cache/response-cache.ts';
import { contentCaching } from '../modules/public-cache/shared-caching.ts';
import { buildCategory, buildPost } from '../../test/factories.ts';
import { createTestRuntime } from '../../test/harness.ts';
import { createApp } from './app.ts';

const lines: Record<string, unknown>[] = [];
const sink = new Writable({
  write(chunk: Buffer, _encoding, done) {
    for (const line of chunk.toString().split('\n').filter(Boolean)) lines.push(JSON.parse(line));
    done();
  },
});

let runtime: Runtime;
let server: Server;
let origin: string;

beforeAll(async () => {
  // Every cache hit access-logged, so each answer has its line.
  runtime = await createTestRuntime({ ACCESS_LOG_HIT_SAMPLE: '1' });
  server = createServer(createApp({ ...runtime, logger: createLogger('info', sink) }));
  server.listen(0, '127.0.0.1');
  await new Promise((resolve) => server.once('listening', resolve));
  origin = `http://127.0.0.1:${(server.address() as { port: number }).port}`;
});
afterAll(async () => {
  await new Promise((resolve) => server?.close(resolve));
  await runtime?.close();
});

interface RawAnswer {
  status: number;
  headers: Record<string, string>;
  body: Buffer;
}

/** One request as a poller sends it (no Accept-Encoding, no cookie), with the exact bytes back. */
const rawGet = (origin: string, path: string, headers: Record<string, string> = {}, method = 'GET') =>
  new Promise<RawAnswer>((resolve, reject) => {
    const req = http.request(`${origin}${path}`, { method, headers, agent: false }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (chunk: Buffer) => chunks.push(chunk));
      res.on('end', () =>
        resolve({
          status: res.statusCode ?? 0,
          headers: Object.fromEntries(
            Object.entries(res.headers).map(([name, value]) => [name, String(value)]),
          ),
          body: Buffer.concat(chunks),
        }),
      );
    });
    req.on('error', reject);
    req.end();
  });

const withoutDate = (headers: Record<string, string>) => {
  const { date: _date, ...rest } = headers;
  return rest;
};
const accessLines = () => lines.filter((line) => line.msg === 'request completed');
/** An access-log line without what differs per request. */
const shape = (line: Record<string, unknown>) => {
  const {
    time: _time,
    responseTime,
    req,
    ...rest
  } = line as Record<string, unknown> & { req: { id?: unknown } };
  expect(typeof responseTime).toBe('number');
  const { id: _id, ...request } = req;
  return { ...rest, req: request };
};

describe('GET /api/subscription-stats at the edge', () => {
  it('gives the same status, headers, body and access-log line as the whole stack did', async () => {
    lines.length = 0;
    // The first answer comes from the whole stack; the next ones from the edge.
    const answers = [];
    for (let i = 0; i < 3; i += 1) answers.push(await rawGet(origin, '/api/subscription-stats'));
    const [stack, ...fast] = answers;
    expect(stack!.status).toBe(200);
    // Today's count is the shared test database's (subscription_logs): other files subscribe too.
    const stats = JSON.parse(stack!.body.toString()) as { todayCount: number };
    expect(stats).toEqual({
      todayCount: expect.any(Number) as number,
      limit: 100,
      canSubscribe: stats.todayCount < 100,
    });
    expect(stack!.headers['cache-control']).toBe('no-store');
    expect(stack!.headers['content-security-policy']).toContain("default-src 'self'");
    for (const answer of fast) {
      expect(answer.status).toBe(200);
      expect(withoutDate(answer.headers)).toEqual(withoutDate(stack!.headers));
      expect(answer.body.equals(stack!.body)).toBe(true);
    }
    const logged = accessLines();
    expect(logged).toHaveLength(3);
    expect(logged.map(shape)).toEqual([0, 1, 2].map(() => shape(logged[0]!)));
    expect(shape(logged[0]!)).toMatchObject({
      area: 'http',
      req: { method: 'GET', url: '/api/subscription-stats' },
      res: { statusCode: 200 },
    });
  });

  it('answers a matching If-None-Match with 304 and HEAD without a body', async () => {
    const first = await rawGet(origin, '/api/subscription-stats');
    const etag = first.headers.etag!;
    expect(etag).toMatch(/^"[^"]+"$/);
    const again = await rawGet(origin, '/api/subscription-stats', { 'if-none-match': etag });
    expect(again.status).toBe(304);
    expect(again.body.length).toBe(0);
    expect(again.headers['content-type']).toBeUndefined();
    const head = await rawGet(origin, '/api/subscription-stats', {}, 'HEAD');
    expect(head.status).toBe(200);
    expect(head.body.length).toBe(0);
    expect(withoutDate(head.headers)).toEqual(withoutDate(first.headers));
  });

  it('shows a new subscription at once and is counted in the metrics under its route', async () => {
    const before = JSON.parse((await rawGet(origin, '/api/subscription-stats')).body.toString()) as {
      todayCount: number;
    };
    const day = new Intl.DateTimeFormat('en-CA', { timeZone: 'Europe/Warsaw' }).format(new Date());
    await runtime.redis.incr(`${runtime.config.REDIS_PREFIX}:subscriptions:daily-count:${day}`);
    const after = JSON.parse((await rawGet(origin, '/api/subscription-stats')).body.toString()) as {
      todayCount: number;
    };
    expect(after.todayCount).toBe(before.todayCount + 1);
    const metrics = (await rawGet(origin, '/metrics')).body.toString();
    const count =
      /blog_http_requests_total\{method="GET",route="\/api\/subscription-stats",status="200"\} (\d+)/.exec(
        metrics,
      );
    expect(Number(count?.[1])).toBeGreaterThanOrEqual(6);
  });
});

describe('public answers at the edge', () => {
  it('keeps one entry for a list whatever unknown parameters are added', async () => {
    await buildPost({ categories: [await buildCategory()] });
    await runtime.publicCache.changes.settled();
    await rawGet(origin, '/api/posts?page=1&limit=6');
    const before = runtime.publicCache.size.entries;
    for (let n = 0; n < 20; n += 1) {
      const answer = await rawGet(origin, `/api/posts?junk=${n}&limit=6&page=1`);
      expect(answer.status).toBe(200);
    }
    // (No other test file's write can empty it meanwhile: each file has its own channel, harness.ts.)
    expect(runtime.publicCache.size.entries).toBe(before);
    expect(
      runtime.publicCache.fresh(runtime.publicCache.keyOfTarget('/api/posts?page=1&limit=6')!),
    ).toBeDefined();
  });

  it('keeps an API answer under the address the edge looks it up by (not the router’s own path)', async () => {
    const post = await buildPost({ categories: [await buildCategory()] });
    await runtime.publicCache.changes.settled();
    expect((await rawGet(origin, `/api/posts/${post.slug}`)).status).toBe(200);
    expect(runtime.publicCache.fresh(`/api/posts/${post.slug}`)).toBeDefined();
    // The list call and the list page are two answers, never one entry.
    const list = await rawGet(origin, '/api/posts?page=1&limit=6');
    expect(list.headers['content-type']).toContain('application/json');
    const key = runtime.publicCache.keyOfTarget('/api/posts?page=1&limit=6');
    expect(runtime.publicCache.fresh(key!)?.headers['content-type']).toContain('application/json');
  });

  it('gives a hit the same headers as the miss that built it (security headers included)', async () => {
    const post = await buildPost({ categories: [await buildCategory()] });
    const perExchange = ['date', 'connection', 'keep-alive', 'transfer-encoding', 'content-length'];
    const comparable = (headers: Record<string, string>) =>
      Object.fromEntries(Object.entries(headers).filter(([name]) => !perExchange.includes(name)));
    const miss = await rawGet(origin, `/api/posts/${post.slug}`);
    const hit = await rawGet(origin, `/api/posts/${post.slug}`);
    expect(miss.status).toBe(200);
    expect(miss.headers['content-security-policy']).toContain("default-src 'self'");
    expect(comparable(hit.headers)).toEqual(comparable(miss.headers));
    expect(hit.body.equals(miss.body)).toBe(true);
  });

  it('counts hits in /metrics under the route pattern', async () => {
    const post = await buildPost({ categories: [await buildCategory()] });
    for (let i = 0; i < 3; i += 1) await rawGet(origin, `/api/posts/${post.slug}`);
    const metrics = (await rawGet(origin, '/metrics')).body.toString();
    expect(metrics).toMatch(/blog_public_cache_total\{result="hit"\} [1-9]/);
    expect(metrics).toMatch(/blog_public_cache_total\{result="miss"\} \d/);
    expect(metrics).toMatch(
      /blog_http_requests_total\{method="GET",route="\/api\/posts\/:slugOrId",status="200"\} [3-9]/,
    );
  });
});

describe('the public cache in memory', () => {
  const changes = {
    live: true,
    settledNow: true,
    generation: 0,
    isCurrent: () => true,
    stamp: () => ({ site: 1 }),
  } as unknown as ContentChanges;
  const fill = (cache: PublicResponseCache, key: string, bytes: number) =>
    cache.answer(
      key,
      false,
      {},
      '/x',
      async () => ({
        contentType: 'text/plain',
        cacheControl: 'no-cache',
        body: Buffer.alloc(bytes, 'a'),
        compress: false,
      }),
      { store: true },
    );

  it('drops the least recently used answers first and stays within its bytes', async () => {
    const cache = new PublicResponseCache(changes, 20_000, contentCaching('none'));
    await fill(cache, '/a', 4000);
    await fill(cache, '/b', 4000);
    await fill(cache, '/c', 4000);
    expect(cache.fresh('/a')).toBeDefined(); // used: now the most recent
    await fill(cache, '/d', 4000);
    await fill(cache, '/e', 4000);
    expect(cache.size.bytes).toBeLessThanOrEqual(20_000);
    expect(cache.fresh('/b')).toBeUndefined();
    expect(cache.fresh('/a')).toBeDefined();
    expect(cache.fresh('/e')).toBeDefined();
  });

  it('keeps the answer just built even when every older one was used since', async () => {
    const cache = new PublicResponseCache(changes, 20_000, contentCaching('none'));
    for (const key of ['/a', '/b', '/c', '/d']) await fill(cache, key, 4000);
    for (const key of ['/a', '/b', '/c', '/d']) expect(cache.fresh(key)).toBeDefined();
    await fill(cache, '/e', 4000);
    expect(cache.size.bytes).toBeLessThanOrEqual(20_000);
    expect(cache.fresh('/e')).toBeDefined();
    // The oldest of the used ones went (each had its second chance).
    expect(cache.fresh('/a')).toBeUndefined();
    expect(cache.fresh('/b')).toBeDefined();
  });

  it('keys a request target by the query schema its route declares, even after a first request without it', () => {
    const cache = new PublicResponseCache(changes, 20_000, contentCaching('none'));
    // The edge sees the first request before the route has declared its query.
    expect(cache.keyOfTarget('/lista?strona=2&x=1')).toBe('/lista');
    cache.declareQuery('/lista', z.object({ strona: z.coerce.number().int().min(1) }));
    expect(cache.keyOfTarget('/lista?strona=2&x=1')).toBe('/lista?strona=2');
    expect(cache.keyOfTarget('/lista?x=1&strona=2')).toBe('/lista?strona=2');
    expect(cache.keyOfTarget('/lista?strona=zero')).toBeUndefined();
    cache.declareQueryPattern(/^\/kategoria\/[^/]+$/, z.object({ strona: z.coerce.number().int().min(1) }));
    expect(cache.keyOfTarget('/kategoria/lodz?strona=3')).toBe('/kategoria/lodz?strona=3');
  });
});
