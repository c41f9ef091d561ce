import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { startTestApi, type TestApi } from '../../test/harness.ts';
import { startTcpProxy, type TcpProxy, viaProxy } from '../../test/tcp-proxy.ts';
import { testDatabaseUrl } from '../../test/test-database.ts';

/** Cuts the path to PostgreSQL or Redis under a running API and checks it degrades and heals by itself. */
describe('outages of PostgreSQL and Redis', () => {
  let api: TestApi;
  let postgres: TcpProxy;
  let redis: TcpProxy;

  beforeAll(async () => {
    const databaseUrl = new URL(testDatabaseUrl());
    const redisUrl = new URL(inject('redisUrl'));
    postgres = await startTcpProxy(databaseUrl.hostname, Number(databaseUrl.port || 5432));
    redis = await startTcpProxy(redisUrl.hostname, Number(redisUrl.port || 6379));
    api = await startTestApi({
      DATABASE_URL: viaProxy(testDatabaseUrl(), postgres),
      REDIS_URL: viaProxy(inject('redisUrl'), redis),
    });
  });
  afterAll(async () => {
    postgres?.restore();
    redis?.restore();
    await api?.close();
    await Promise.all([postgres?.close(), redis?.close()]);
  });

  const timed = async (path: string) => {
    const started = Date.now();
    const res = await api.fetch(path);
    return { res, ms: Date.now() - started, body: (await res.json()) as Record<string, unknown> };
  };

  const eventually = async (check: () => Promise<boolean>, withinMs: number) => {
    const deadline = Date.now() + withinMs;
    while (Date.now() < deadline) {
      if (await check()) return true;
      await new Promise((resolve) => setTimeout(resolve, 200));
    }
    return false;
  };

  it('answers 503 with Retry-After while PostgreSQL is away, and recovers by itself', async () => {
    expect((await timed('/api/posts?page=1')).res.status).toBe(200);
    postgres.cut();
    const ready = await timed('/readyz');
    expect(ready.res.status).toBe(503);
    expect(ready.res.headers.get('retry-after')).toBe('5');
    expect(ready.body).toEqual({ status: 'unavailable', checks: { postgres: 'down', redis: 'ok' } });
    expect(ready.ms).toBeLessThan(3000);
    // A list not built before needs the database; one already built (and not changed since) is still served.
    const list = await timed('/api/posts?page=2');
    expect(list.res.status).toBe(503);
    expect(list.res.headers.get('retry-after')).toBeTruthy();
    expect(list.body.error).toBe('service_unavailable');
    expect((await timed('/api/posts?page=1')).res.status).toBe(200);
    expect((await timed('/healthz')).res.status).toBe(200);

    postgres.restore();
    expect(await eventually(async () => (await timed('/readyz')).res.status === 200, 10_000)).toBe(true);
    expect((await timed('/api/posts?page=1')).res.status).toBe(200);
  });

  it('answers 503 for calls that need Redis while it is away, and recovers by itself', async () => {
    redis.cut();
    const ready = await timed('/readyz');
    expect(ready.res.status).toBe(503);
    expect(ready.body).toEqual({ status: 'unavailable', checks: { postgres: 'ok', redis: 'down' } });
    const captcha = await timed('/api/contact/captcha');
    expect(captcha.res.status).toBe(503);
    expect(captcha.ms).toBeLessThan(3000);
    expect((await timed('/api/posts?page=1')).res.status).toBe(200);

    redis.restore();
    expect(await eventually(async () => (await timed('/readyz')).res.status === 200, 10_000)).toBe(true);
    expect((await timed('/api/contact/captcha')).res.status).toBe(200);
  });
});
