// Drill: Redis killed (SIGKILL) in the middle of a newsletter and started again from its
// append-only file; every subscriber still ends with exactly one e-mail.
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { createScratchDatabase, runMigrations, type ScratchDatabase } from '@blog/api/database';
import { EmailDelivery, SiteSetting, UserSubscription } from '@blog/api/models';
import { SETTING_KEYS } from '@blog/api/settings';
import {
  buildCategory,
  buildPost,
  spawnEntry,
  type SpawnedProcess,
  startTestApi,
  type TestApi,
  until,
  untilSettled,
} from '@blog/api/testing';
import { type SmtpSink, startSmtpSink } from '@blog/worker/testing';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { type DurableRedis, startDurableRedis } from './services/durable-redis.ts';
import { findFreePort } from './services/free-port.ts';

const SUBSCRIBERS = 400;
let dir: string;
let redis: DurableRedis;
let database: ScratchDatabase;
let api: TestApi;
let sink: SmtpSink;
const workers: SpawnedProcess[] = [];

beforeAll(async () => {
  dir = await mkdtemp(path.join(os.tmpdir(), 'blog-redis-drill-'));
  redis = await startDurableRedis(dir, await findFreePort());
  database = await createScratchDatabase(inject('adminDatabaseUrl'), 'blog_test_redis_drill');
  await runMigrations(database.url);
  api = await startTestApi({ DATABASE_URL: database.url, REDIS_URL: redis.url });
  sink = await startSmtpSink();
  await SiteSetting.bulkCreate([
    { key: SETTING_KEYS.smtpHost, value: sink.host },
    { key: SETTING_KEYS.smtpPort, value: String(sink.port) },
    { key: SETTING_KEYS.smtpSecure, value: 'false' },
    { key: SETTING_KEYS.senderEmail, value: 'drill@example.com' },
  ]);
}, 60_000);
afterAll(async () => {
  for (const worker of workers) await worker.kill();
  await api?.close();
  await sink?.stop();
  await database?.drop();
  redis?.stop();
  await rm(dir, { recursive: true, force: true });
});

describe('drill: Redis restarted mid newsletter', () => {
  it(`still delivers exactly one e-mail to each of ${SUBSCRIBERS} subscribers`, async () => {
    const category = await buildCategory();
    const addresses = Array.from({ length: SUBSCRIBERS }, (_, i) => `redis-drill-${i}@example.com`);
    await UserSubscription.bulkCreate(addresses.map((email) => ({ email, categoryId: category.id })));
    const post = await buildPost({ categories: [category] });
    for (let i = 0; i < 2; i++)
      workers.push(
        await spawnEntry('worker/test/test-process.ts', {
          NODE_ENV: 'test',
          DATABASE_URL: database.url,
          REDIS_URL: redis.url,
          REDIS_PREFIX: api.config.REDIS_PREFIX,
          SESSION_SECRET: api.config.SESSION_SECRET,
          ENCRYPTION_KEY: api.config.ENCRYPTION_KEY,
          PUBLIC_URL: api.config.PUBLIC_URL,
          LOG_LEVEL: 'silent',
          WORKER_LOCK_MS: '4000',
          WORKER_STALLED_MS: '2000',
          QUEUE_BACKOFF_MS: '500',
        }),
      );
    // Slow acknowledgements keep the newsletter going long enough to be cut in the middle.
    sink.holdAfter(SUBSCRIBERS / 4);
    await api.runtime.sequelize.transaction((transaction) =>
      api.runtime.events.record({ type: 'post.published', payload: { postId: post.id } }, transaction),
    );
    await until(
      'a quarter delivered',
      () => sink.received.length >= SUBSCRIBERS / 4 && sink.heldCount() > 0,
      90_000,
    );
    redis.kill();
    sink.resume();
    // The outage's length is the drill's subject (the workers must meet a Redis that is gone), not a wait.
    await new Promise((resolve) => setTimeout(resolve, 1500));
    await redis.restart();

    await until(
      'every subscriber to get a message',
      () => new Set(sink.received.flatMap((m) => m.recipients)).size >= SUBSCRIBERS,
      90_000,
    );
    await untilSettled(api.runtime);
    const perAddress = new Map<string, number>();
    for (const mail of sink.received)
      for (const recipient of mail.recipients)
        perAddress.set(recipient, (perAddress.get(recipient) ?? 0) + 1);
    expect(perAddress.size).toBe(SUBSCRIBERS);
    expect([...perAddress].filter(([, count]) => count > 1)).toEqual([]);
    expect(await EmailDelivery.count({ where: { status: 'sent', kind: 'post-notification' } })).toBe(
      SUBSCRIBERS,
    );
  }, 180_000);
});
