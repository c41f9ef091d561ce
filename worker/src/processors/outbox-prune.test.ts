import { Queue } from 'bullmq';
import { QUEUE_NAMES, queuePrefix } from '@blog/api/queue';
import { OutboxEvent } from '@blog/api/models';
import { loggerFor } from '@blog/api/logger';
import { buildOutboxEvent, startTestApi, type TestApi } from '@blog/api/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startWorker, type WorkerHandle } from '../worker.ts';
import { processOutboxPrune } from './outbox-prune.ts';
import { PUBLISH_DUE_SWEEP_MS } from '../schedules.ts';

const daysAgo = (days: number) => new Date(Date.now() - days * 86_400_000);

describe('outbox housekeeping', () => {
  let api: TestApi;
  beforeAll(async () => {
    api = await startTestApi();
  });
  afterAll(async () => {
    await api?.close();
  });

  // No worker runs during this test: its schedule fires once at start and would race the direct call.
  it('deletes dispatched events older than the limit and keeps the rest', async () => {
    const old = await buildOutboxEvent({ dispatchedAt: daysAgo(8), createdAt: daysAgo(8) });
    const recent = await buildOutboxEvent({ dispatchedAt: daysAgo(1) });
    const pending = await buildOutboxEvent({ createdAt: daysAgo(30) });
    const ctx = {
      config: api.config,
      sequelize: api.runtime.sequelize,
      redis: api.runtime.redis,
      logger: loggerFor('worker'),
      clock: api.runtime.clock,
    };
    // Another test file's worker may prune this shared database at its start too: the end state is what counts.
    await processOutboxPrune({ olderThanDays: 7 }, ctx);
    expect(await OutboxEvent.findByPk(old.id)).toBeNull();
    expect(await OutboxEvent.findByPk(recent.id)).not.toBeNull();
    expect(await OutboxEvent.findByPk(pending.id)).not.toBeNull();
  });

  it('is scheduled hourly by every worker start, once, beside the other chores (and the scheduled-posts sweep)', async () => {
    const queue = new Queue(QUEUE_NAMES.housekeeping, {
      connection: { url: api.config.REDIS_URL },
      prefix: queuePrefix(api.config.REDIS_PREFIX),
    });
    try {
      for (let i = 0; i < 2; i++) {
        const worker: WorkerHandle = await startWorker(api.config, { sequelize: api.runtime.sequelize });
        await worker.close();
      }
      const schedulers = await queue.getJobSchedulers();
      const keys = schedulers.map((scheduler) => [scheduler.key, scheduler.every]);
      expect(keys.sort()).toEqual([
        ['deliveries.prune', 3_600_000],
        ['outbox.prune', 3_600_000],
        ['posts.publish-due', PUBLISH_DUE_SWEEP_MS],
        ['uploads.prune', 3_600_000],
      ]);
    } finally {
      await queue.close();
    }
  });
});
