// Drill: one of two API processes killed (SIGKILL) in the middle of a burst of subscribes. The day's
// cap is never passed, no slot is lost to the dead process (its leases run out), no answered
// subscription is missing, and every subscription gets exactly one confirmation e-mail.
import { randomBytes } from 'node:crypto';
import { createScratchDatabase, runMigrations, type ScratchDatabase } from '@blog/api/database';
import { EmailDelivery, SiteSetting, UserSubscription } from '@blog/api/models';
import { SETTING_KEYS } from '@blog/api/settings';
import {
  buildCategory,
  cookieHeaderFrom,
  recordDrillFigures,
  type SpawnedProcess,
  startSecondApi,
  startTestApi,
  type TestApi,
  until,
  untilLeasesRunOut,
} from '@blog/api/testing';
import { type SmtpSink, startSmtpSink, startTestWorker, type TestWorker } from '@blog/worker/testing';
import { Redis } from 'ioredis';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';

// The process dies while slots are still being taken (the cap is far from full at KILL_AFTER).
const CAP = 150;
const REQUESTS = 200;
const CONCURRENCY = 30;
const KILL_AFTER = 50;
const LEASE_MS = 8_000;

let database: ScratchDatabase;
let api: TestApi;
let worker: TestWorker;
let sink: SmtpSink;
let redis: Redis;
const processes: SpawnedProcess[] = [];
const origins: string[] = [];

beforeAll(async () => {
  database = await createScratchDatabase(inject('adminDatabaseUrl'), 'blog_test_burst_drill');
  await runMigrations(database.url);
  api = await startTestApi({ DATABASE_URL: database.url, TRUST_PROXY: '1' });
  sink = await startSmtpSink();
  await SiteSetting.bulkCreate([
    { key: SETTING_KEYS.smtpHost, value: sink.host },
    { key: SETTING_KEYS.smtpPort, value: String(sink.port) },
    { key: SETTING_KEYS.smtpSecure, value: 'false' },
    { key: SETTING_KEYS.senderEmail, value: 'drill@example.com' },
    { key: SETTING_KEYS.subscriptionDailyLimit, value: String(CAP) },
  ]);
  for (let i = 0; i < 2; i++) {
    const second = await startSecondApi(api, { env: { SUBSCRIPTION_SLOT_LEASE_MS: String(LEASE_MS) } });
    processes.push(second.process);
    origins.push(second.origin);
  }
  worker = await startTestWorker(api);
  redis = new Redis(api.config.REDIS_URL);
}, 60_000);
afterAll(async () => {
  redis?.disconnect();
  for (const spawned of processes) await spawned.stop();
  await worker?.close();
  await api?.close();
  await sink?.stop();
  await database?.drop();
});

type Outcome = { email: string; status: number | 'no answer' };

describe('drill: an API process killed during a burst of subscribes', () => {
  it(`keeps the cap of ${CAP} exact, loses no slot or subscription, and mails each once`, async () => {
    const category = await buildCategory();
    const tokenRes = await fetch(`${origins[1]}/api/csrf-token`);
    const headers = {
      cookie: cookieHeaderFrom(tokenRes),
      'x-csrf-token': ((await tokenRes.json()) as { csrfToken: string }).csrfToken,
      'content-type': 'application/json',
    };
    const run = randomBytes(3).toString('hex');
    const subscribe = async (origin: string, i: number): Promise<Outcome> => {
      const email = `burst-${run}-${i}@example.com`;
      try {
        const res = await fetch(`${origin}/api/subscribe`, {
          method: 'POST',
          headers: { ...headers, 'x-forwarded-for': `10.9.${(i >> 8) & 255}.${i & 255}` },
          body: JSON.stringify({ email, categoryId: category.id, consent: true }),
        });
        return { email, status: res.status };
      } catch {
        return { email, status: 'no answer' }; // the process died with the request in flight
      }
    };

    for (const origin of origins) for (let i = 0; i < 5; i++) await fetch(`${origin}/api/subscription-stats`);
    // The burst: requests alternate between the two processes; the first dies part way through.
    const outcomes: Outcome[] = [];
    let next = 0;
    const leasesKey = async () =>
      (await redis.keys(`${api.config.REDIS_PREFIX}:subscriptions:daily-leases:*`))[0];
    const pendingLeases = async (): Promise<string[]> => {
      const key = await leasesKey();
      return key ? redis.zrange(key, '0', '-1') : [];
    };
    let atKill: string[] = [];
    await Promise.all(
      Array.from({ length: CONCURRENCY }, async () => {
        while (next < REQUESTS) {
          const i = next++;
          outcomes.push(await subscribe(origins[i % 2]!, i));
          if (outcomes.length === KILL_AFTER) {
            await processes[0]!.kill();
            atKill = await pendingLeases();
          }
        }
      }),
    );
    const status = (value: Outcome['status']) => outcomes.filter((outcome) => outcome.status === value);
    expect(outcomes.filter((o) => ![201, 429, 'no answer'].includes(o.status))).toEqual([]);
    expect(status(201).length).toBeLessThanOrEqual(CAP);

    // Every live request has answered: what is still leased was taken by the dead process and never
    // committed. Those slots come back once their leases run out, and the survivor fills the day.
    const stillLeased = await pendingLeases();
    const orphaned = atKill.filter((lease) => stillLeased.includes(lease)).length;
    await untilLeasesRunOut(redis, await leasesKey(), stillLeased);
    let fill = 0;
    for (let i = REQUESTS; i < REQUESTS + CAP; i++) {
      const outcome = await subscribe(origins[1]!, i);
      outcomes.push(outcome);
      if (outcome.status === 429) break;
      expect(outcome.status).toBe(201);
      fill++;
    }
    const answered = status(201).map((outcome) => outcome.email);
    const stored = (await UserSubscription.findAll({ where: { categoryId: category.id } })).map(
      (row) => row.email,
    );
    expect(stored.length).toBe(CAP); // not one more (cap), not one fewer (a lost slot)
    expect(answered.filter((email) => !stored.includes(email))).toEqual([]); // none answered and lost
    expect(processes[1]!.child.exitCode).toBeNull();

    await until(
      'a confirmation e-mail to every subscriber',
      () => new Set(sink.received.flatMap((m) => m.recipients)).size >= CAP,
      30_000,
    );
    await worker.settled();
    const perAddress = new Map<string, number>();
    for (const mail of sink.received)
      for (const recipient of mail.recipients)
        perAddress.set(recipient, (perAddress.get(recipient) ?? 0) + 1);
    const duplicated = [...perAddress].filter(([, count]) => count > 1).length;
    expect(perAddress.size).toBe(CAP);
    expect(duplicated).toBe(0);
    expect(await EmailDelivery.count({ where: { status: 'sent', kind: 'subscription-confirmation' } })).toBe(
      CAP,
    );
    recordDrillFigures('api-killed-during-subscribes', {
      cap: CAP,
      requests: outcomes.length,
      answered201: answered.length,
      noAnswer: status('no answer').length,
      slotsOrphanedByTheKill: orphaned,
      slotsRefilledAfterLease: fill,
      stored: stored.length,
      lostSubscriptions: 0,
      duplicatedEmails: duplicated,
    });
  }, 90_000);
});
