import type { ScratchDatabase } from '@blog/api/database';
import { EmailDelivery, SiteSetting, UserSubscription } from '@blog/api/models';
import { SETTING_KEYS } from '@blog/api/settings';
import {
  buildCategory,
  buildPost,
  spawnEntry,
  type SpawnedProcess,
  startTestApi,
  type TestApi,
  createMigratedScratchDatabase,
  until,
  untilSettled,
} from '@blog/api/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TEST_SENDER } from '../../test/mail-test-env.ts';
import { type SmtpSink, startSmtpSink } from '../../test/smtp-sink.ts';

// The worker runs as a process of its own, so the drill can kill it like a crash (SIGKILL).
const SUBSCRIBERS = 500;
const DELIVERED_BEFORE_CRASH = 100;

let database: ScratchDatabase;
let api: TestApi;
let sink: SmtpSink;
const workers: SpawnedProcess[] = [];

beforeAll(async () => {
  database = await createMigratedScratchDatabase('blog_test_drill');
  api = await startTestApi({ DATABASE_URL: database.url });
  sink = await startSmtpSink();
  await SiteSetting.bulkCreate([
    { key: SETTING_KEYS.smtpHost, value: sink.host },
    { key: SETTING_KEYS.smtpPort, value: String(sink.port) },
    { key: SETTING_KEYS.smtpSecure, value: 'false' },
    { key: SETTING_KEYS.senderEmail, value: TEST_SENDER },
  ]);
}, 60_000);
afterAll(async () => {
  for (const worker of workers) await worker.kill();
  await api?.close();
  await sink?.stop();
  await database?.drop();
});

const startWorkerProcess = async () => {
  const worker = await spawnEntry('worker/test/test-process.ts', {
    NODE_ENV: 'test',
    DATABASE_URL: database.url,
    REDIS_URL: api.config.REDIS_URL,
    REDIS_PREFIX: api.config.REDIS_PREFIX,
    SESSION_SECRET: api.config.SESSION_SECRET,
    ENCRYPTION_KEY: api.config.ENCRYPTION_KEY,
    PUBLIC_URL: api.config.PUBLIC_URL,
    LOG_LEVEL: 'silent',
    WORKER_LOCK_MS: '2000',
    WORKER_STALLED_MS: '1000',
  });
  workers.push(worker);
  return worker;
};

describe('crash drill: the worker killed in the middle of a notification run', () => {
  it(`delivers exactly one e-mail to each of ${SUBSCRIBERS} subscribers after a restart`, async () => {
    const category = await buildCategory();
    const addresses = Array.from({ length: SUBSCRIBERS }, (_, i) => `drill-${i}@example.com`);
    await UserSubscription.bulkCreate(addresses.map((email) => ({ email, categoryId: category.id })));
    const post = await buildPost({ categories: [category] });

    // The SMTP server acknowledges the first 100 messages, then holds the rest unanswered, so
    // the kill lands with sends open at the server and most jobs still queued.
    sink.holdAfter(DELIVERED_BEFORE_CRASH);
    const first = await startWorkerProcess();
    await api.runtime.sequelize.transaction((transaction) =>
      api.runtime.events.record({ type: 'post.published', payload: { postId: post.id } }, transaction),
    );
    await until(
      'the first messages and open sends',
      () => sink.received.length >= DELIVERED_BEFORE_CRASH && sink.heldCount() > 0,
      60_000,
    );
    await until(
      'the acknowledged sends to be recorded',
      async () => (await EmailDelivery.count({ where: { status: 'sent' } })) >= DELIVERED_BEFORE_CRASH,
      60_000,
    );
    await first.kill();
    // The server sees the dead connections close a moment after the process is gone.
    await until('the dead connections to close', () => sink.heldCount() === 0, 10_000);
    expect(sink.received.length).toBe(DELIVERED_BEFORE_CRASH);

    // Unacknowledged messages died with their connections; a new worker picks up the stalled and queued jobs.
    sink.resume();
    await startWorkerProcess();
    await until(
      'every subscriber to get a message',
      () => new Set(sink.received.flatMap((mail) => mail.recipients)).size >= SUBSCRIBERS,
      90_000,
    );
    await untilSettled(api.runtime);

    const perAddress = new Map<string, number>();
    for (const mail of sink.received) {
      for (const recipient of mail.recipients)
        perAddress.set(recipient, (perAddress.get(recipient) ?? 0) + 1);
    }
    expect(perAddress.size).toBe(SUBSCRIBERS);
    expect([...perAddress].filter(([, count]) => count > 1)).toEqual([]);
    expect([...perAddress.values()].every((count) => count === 1)).toBe(true);
    expect(sink.received).toHaveLength(SUBSCRIBERS);
    expect(await EmailDelivery.count({ where: { status: 'sent', kind: 'post-notification' } })).toBe(
      SUBSCRIBERS,
    );
  }, 180_000);
});
