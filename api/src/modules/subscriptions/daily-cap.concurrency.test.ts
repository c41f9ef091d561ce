import { randomBytes } from 'node:crypto';
import type { SubscriptionStats } from '@blog/shared';
import { Redis } from 'ioredis';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ScratchDatabase } from '../../db/scratch-database.ts';
import { TestBrowser } from '../../../test/browser.ts';
import { buildCategory, buildUser } from '../../../test/factories.ts';
import { startTestApi, type TestApi } from '../../../test/harness.ts';
import { clientIp, cookieHeaderFrom } from '../../../test/http.ts';
import { spawnEntry, type SpawnedProcess } from '../../../test/spawn-process.ts';
import { dailyCountKey } from './daily-cap.ts';
import { SubscriptionLog } from './subscription-log.model.ts';
import { UserSubscription } from './user-subscription.model.ts';
import { warsawDay } from './warsaw-day.ts';
import { createMigratedScratchDatabase } from '../../../test/test-database.ts';

// Two API processes (not two servers in one process) share one database and one Redis prefix, as
// production's api ×N do; the limit is global, so the database is this file's own.
const REQUESTS = 1000;
const CAP = 137;
const PASSWORD = 'Dobre-Hasło1';

let database: ScratchDatabase;
let admin: TestApi;
let processes: SpawnedProcess[] = [];
let baseUrls: string[] = [];

beforeAll(async () => {
  database = await createMigratedScratchDatabase('blog_scratch_cap');
  // In-process API used for the admin calls and the models; its settings fix the shared secrets.
  admin = await startTestApi({ DATABASE_URL: database.url, TRUST_PROXY: '1' });
  const env = {
    NODE_ENV: 'test',
    PORT: '0',
    HOST: '127.0.0.1',
    DATABASE_URL: database.url,
    REDIS_URL: admin.config.REDIS_URL,
    REDIS_PREFIX: admin.config.REDIS_PREFIX,
    SESSION_SECRET: admin.config.SESSION_SECRET,
    ENCRYPTION_KEY: admin.config.ENCRYPTION_KEY,
    DATA_DIR: admin.config.dataDir,
    TRUST_PROXY: '1',
    LOG_LEVEL: 'silent',
  };
  processes = await Promise.all([0, 1].map(() => spawnEntry('api/test/api-process.ts', env)));
  baseUrls = processes.map((spawned) => `http://127.0.0.1:${String(spawned.ready.port)}`);
}, 60_000);
afterAll(async () => {
  await Promise.all(processes.map((spawned) => spawned.stop()));
  await admin?.close();
  await database?.drop();
});

/**
 * Subscribes address number `i` to `categoryId` through the process at `base`: one visitor's CSRF
 * cookie and token (valid on both processes, same SESSION_SECRET), a client address of its own per i.
 */
async function subscriber(categoryId: number) {
  const tokenRes = await fetch(`${baseUrls[0]}/api/csrf-token`);
  const headers = {
    cookie: cookieHeaderFrom(tokenRes),
    'x-csrf-token': ((await tokenRes.json()) as { csrfToken: string }).csrfToken,
    'content-type': 'application/json',
  };
  const run = randomBytes(3).toString('hex');
  return (base: string, i: number) =>
    fetch(`${base}/api/subscribe`, {
      method: 'POST',
      headers: { ...headers, 'x-forwarded-for': `10.${(i >> 8) & 255}.${i & 255}.${1 + (i % 200)}` },
      body: JSON.stringify({ email: `burst-${run}-${i}@example.com`, categoryId, consent: true }),
    }).then(async (res) => ({ status: res.status, body: (await res.json()) as { message: string } }));
}

const stats = async (base: string) =>
  (await (await fetch(`${base}/api/subscription-stats`)).json()) as SubscriptionStats;

describe('the daily cap across two API processes', () => {
  it(`admits exactly the cap out of ${REQUESTS} simultaneous subscribes; reset and limit changes apply at once`, async () => {
    const user = await buildUser({ role: 'admin', password: PASSWORD });
    const asAdmin = new TestBrowser(admin, clientIp());
    await asAdmin.signIn(user.username, PASSWORD);
    expect((await asAdmin.call('POST', '/api/admin/update-subscription-limit', { limit: CAP })).status).toBe(
      200,
    );
    const category = await buildCategory();

    const subscribeAt = await subscriber(category.id);

    // 1,000 requests in flight together, alternating between the two processes.
    const results = await Promise.all(
      Array.from({ length: REQUESTS }, (_, i) => subscribeAt(baseUrls[i % 2]!, i)),
    );
    const admitted = results.filter((result) => result.status === 201);
    const refused = results.filter((result) => result.status === 429);
    expect(admitted).toHaveLength(CAP);
    expect(refused).toHaveLength(REQUESTS - CAP);
    for (const result of refused) {
      expect(result.body.message).toBe(
        'Dzienny limit subskrypcji został osiągnięty. Spróbuj ponownie jutro lub skontaktuj się z administratorem.',
      );
    }
    expect(await UserSubscription.count({ where: { categoryId: category.id } })).toBe(CAP);
    expect((await SubscriptionLog.findOne({ where: { date: warsawDay(new Date()) } }))?.count).toBe(CAP);
    for (const base of baseUrls)
      expect(await stats(base)).toEqual({ todayCount: CAP, limit: CAP, canSubscribe: false });

    // A reset through one process frees the cap for both, at once.
    expect((await asAdmin.call('POST', '/api/admin/reset-subscription-count')).status).toBe(200);
    expect((await subscribeAt(baseUrls[1]!, REQUESTS)).status).toBe(201);
    for (const base of baseUrls)
      expect(await stats(base)).toEqual({ todayCount: 1, limit: CAP, canSubscribe: true });

    // Lowering the limit to today's count closes subscribing on both processes at once.
    expect((await asAdmin.call('POST', '/api/admin/update-subscription-limit', { limit: '1' })).status).toBe(
      200,
    );
    expect((await subscribeAt(baseUrls[0]!, REQUESTS + 1)).status).toBe(429);
    expect((await subscribeAt(baseUrls[1]!, REQUESTS + 2)).status).toBe(429);
    expect((await asAdmin.call('POST', '/api/admin/update-subscription-limit', { limit: 3 })).status).toBe(
      200,
    );
    expect((await subscribeAt(baseUrls[0]!, REQUESTS + 3)).status).toBe(201);
  }, 120_000);

  it('shows a saved limit and a new subscription in the stats of both processes at once', async () => {
    const user = await buildUser({ role: 'admin', password: PASSWORD });
    const asAdmin = new TestBrowser(admin, clientIp());
    await asAdmin.signIn(user.username, PASSWORD);
    const category = await buildCategory();
    const both = () => Promise.all(baseUrls.map(stats));
    expect((await asAdmin.call('POST', '/api/admin/reset-subscription-count')).status).toBe(200);
    expect((await asAdmin.call('POST', '/api/admin/update-subscription-limit', { limit: 5 })).status).toBe(
      200,
    );
    // Asked several times, so each process answers from its remembered limit (and its fast path).
    for (let round = 0; round < 3; round += 1) {
      expect(await both()).toEqual([0, 1].map(() => ({ todayCount: 0, limit: 5, canSubscribe: true })));
    }

    // The admin's save (through a third server) is seen by both on their very next answer.
    expect((await asAdmin.call('POST', '/api/admin/update-subscription-limit', { limit: 7 })).status).toBe(
      200,
    );
    expect(await both()).toEqual([0, 1].map(() => ({ todayCount: 0, limit: 7, canSubscribe: true })));

    // A subscription through one process is counted by both at once.
    const subscribeAt = await subscriber(category.id);
    expect((await subscribeAt(baseUrls[1]!, 0)).status).toBe(201);
    expect(await both()).toEqual([0, 1].map(() => ({ todayCount: 1, limit: 7, canSubscribe: true })));

    // Lowered to today's count: closed on both, at once.
    expect((await asAdmin.call('POST', '/api/admin/update-subscription-limit', { limit: 1 })).status).toBe(
      200,
    );
    expect(await both()).toEqual([0, 1].map(() => ({ todayCount: 1, limit: 1, canSubscribe: false })));
  });

  it('never lets the day pass the cap when Redis loses its counter (restarted without its data)', async () => {
    const user = await buildUser({ role: 'admin', password: PASSWORD });
    const asAdmin = new TestBrowser(admin, clientIp());
    await asAdmin.signIn(user.username, PASSWORD);
    expect((await asAdmin.call('POST', '/api/admin/reset-subscription-count')).status).toBe(200);
    expect((await asAdmin.call('POST', '/api/admin/update-subscription-limit', { limit: 5 })).status).toBe(
      200,
    );
    const category = await buildCategory();
    const subscribeAt = await subscriber(category.id);
    for (const i of [0, 1, 2]) expect((await subscribeAt(baseUrls[i % 2]!, i)).status).toBe(201);
    const redis = new Redis(admin.config.REDIS_URL);
    const counter = dailyCountKey(admin.config.REDIS_PREFIX, warsawDay(new Date()));
    try {
      // Gone, as after a restart of a Redis that keeps nothing: the stats and the cap start from the
      // day's count in the database, not from 0.
      await redis.del(counter);
      for (const base of baseUrls)
        expect(await stats(base)).toEqual({ todayCount: 3, limit: 5, canSubscribe: true });
      await redis.del(counter);
      const burst = await Promise.all(
        Array.from({ length: 6 }, (_, i) => subscribeAt(baseUrls[i % 2]!, 10 + i)),
      );
      expect(burst.map((result) => result.status).sort()).toEqual([201, 201, 429, 429, 429, 429]);

      // Behind the database (a counter lost after its slot was given): the database refuses.
      await redis.set(counter, '0');
      const late = await subscribeAt(baseUrls[0]!, 20);
      expect(late.status).toBe(429);
      expect(late.body.message).toMatch(/^Dzienny limit subskrypcji został osiągnięty/);
    } finally {
      redis.disconnect();
    }
    expect((await SubscriptionLog.findOne({ where: { date: warsawDay(new Date()) } }))?.count).toBe(5);
    expect(await UserSubscription.count({ where: { categoryId: category.id } })).toBe(5);
  });
});
