// Drill: the path to PostgreSQL cut (a TCP proxy) and a private Redis killed with SIGKILL, under an
// API in a process of its own. It must stay alive, answer a fast 503 with Retry-After meanwhile,
// and heal by itself within RECOVERY_BOUND_MS of the service coming back.
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { createScratchDatabase, runMigrations, type ScratchDatabase } from '@blog/api/database';
import {
  recordDrillFigures,
  type SpawnedProcess,
  startSecondApi,
  startTcpProxy,
  startTestApi,
  type TcpProxy,
  type TestApi,
  until,
  viaProxy,
} from '@blog/api/testing';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { type DurableRedis, startDurableRedis } from './services/durable-redis.ts';
import { findFreePort } from './services/free-port.ts';

/** The stated bound: back to answering within this long after the service is. */
const RECOVERY_BOUND_MS = 10_000;
/** "Fast": a 503 during the outage comes within this long (never a hang until a client gives up). */
const FAST_MS = 2_000;

let dir: string;
let redis: DurableRedis;
let database: ScratchDatabase;
let postgres: TcpProxy;
let api: TestApi;
let spawned: SpawnedProcess;
let origin: string;

beforeAll(async () => {
  dir = await mkdtemp(path.join(os.tmpdir(), 'blog-outage-drill-'));
  redis = await startDurableRedis(dir, await findFreePort());
  database = await createScratchDatabase(inject('adminDatabaseUrl'), 'blog_test_outage_drill');
  await runMigrations(database.url);
  const target = new URL(database.url);
  postgres = await startTcpProxy(target.hostname, Number(target.port || 5432));
  // In this process: the models and the secrets; the drilled API is the spawned one.
  api = await startTestApi({ DATABASE_URL: database.url, REDIS_URL: redis.url });
  ({ origin, process: spawned } = await startSecondApi(api, {
    env: { DATABASE_URL: viaProxy(database.url, postgres), REDIS_URL: redis.url },
  }));
}, 60_000);
afterAll(async () => {
  postgres?.restore();
  await spawned?.stop();
  await api?.close();
  await postgres?.close();
  await database?.drop();
  redis?.stop();
  await rm(dir, { recursive: true, force: true });
});

const timed = async (pathname: string) => {
  const started = Date.now();
  const res = await fetch(`${origin}${pathname}`);
  const body = (await res.json()) as { error?: string; message?: string };
  return { status: res.status, retryAfter: res.headers.get('retry-after'), body, ms: Date.now() - started };
};

/** Requests during the outage: every one a JSON 503 with Retry-After, quickly; the slowest one. */
async function duringOutage(paths: string[]): Promise<number> {
  let slowest = 0;
  for (const pathname of paths) {
    const answer = await timed(pathname);
    expect(answer.status, pathname).toBe(503);
    expect(Number(answer.retryAfter), pathname).toBeGreaterThanOrEqual(1);
    expect(answer.body.message ?? (answer.body as { status?: string }).status).toBeTruthy();
    slowest = Math.max(slowest, answer.ms);
  }
  expect(slowest).toBeLessThan(FAST_MS);
  return slowest;
}

const alive = () => spawned.child.exitCode === null && spawned.child.signalCode === null;

describe('drill: PostgreSQL and Redis outages under a running API process', () => {
  it('PostgreSQL cut and back: fast 503s, then healed by itself within the bound', async () => {
    // Ready first: on a loaded machine a just-started process may still miss /readyz's one-second bound.
    await until(
      'readiness before the cut',
      async () => (await timed('/readyz')).status === 200,
      RECOVERY_BOUND_MS,
      100,
    );
    postgres.cut();
    const pages = Array.from({ length: 10 }, (_, i) => `/api/posts?page=${i + 2}`);
    const slowest = await duringOutage(['/readyz', ...pages, '/api/categories']);
    expect(alive()).toBe(true);
    postgres.restore();
    const restoredAt = Date.now();
    await until('readiness', async () => (await timed('/readyz')).status === 200, RECOVERY_BOUND_MS, 100);
    await until(
      'a list read from the database',
      async () => (await timed('/api/posts?page=40')).status < 500,
      RECOVERY_BOUND_MS,
      100,
    );
    const recoveryMs = Date.now() - restoredAt;
    expect(alive()).toBe(true);
    recordDrillFigures('postgres-cut', { slowest503Ms: slowest, recoveryMs, boundMs: RECOVERY_BOUND_MS });
  }, 60_000);

  it('Redis killed (SIGKILL) and started again: fast 503s, then healed by itself within the bound', async () => {
    expect((await timed('/api/contact/captcha')).status).toBe(200);
    redis.kill();
    await until('the kill to show', async () => (await timed('/readyz')).status === 503, 5_000);
    const slowest = await duringOutage(['/readyz', '/api/contact/captcha', '/api/subscription-stats']);
    expect(alive()).toBe(true);
    await redis.restart();
    const restartedAt = Date.now();
    await until('readiness', async () => (await timed('/readyz')).status === 200, RECOVERY_BOUND_MS, 100);
    await until(
      'a captcha (kept in Redis)',
      async () => (await timed('/api/contact/captcha')).status === 200,
      RECOVERY_BOUND_MS,
      100,
    );
    const recoveryMs = Date.now() - restartedAt;
    expect(alive()).toBe(true);
    recordDrillFigures('redis-kill', { slowest503Ms: slowest, recoveryMs, boundMs: RECOVERY_BOUND_MS });
  }, 60_000);
});
