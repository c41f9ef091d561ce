import type { Config } from '@blog/api/config.ts';
import { createSequelize } from '@blog/api/db/sequelize.ts';
import { loggerFor, setLogLevel } from '@blog/api/logger.ts';
import { QUEUE_NAMES, queuePrefix } from '@blog/api/queue/queues.ts';
import { createRedis, waitForRedis } from '@blog/api/redis.ts';
import { connectDatabase } from '@blog/api/runtime.ts';
import { type Job, Worker } from 'bullmq';
import type { Sequelize } from 'sequelize-typescript';
import type { WorkerContext } from './context.ts';
import { isJobName, type JobMap, type JobName, processors } from './jobs.ts';

export interface WorkerHandle {
  close(): Promise<void>;
}

export interface WorkerOptions {
  concurrency?: number;
  /** Shorter in fault drills; BullMQ's defaults mean ~60 s before a stalled job is retried. */
  lockDurationMs?: number;
  stalledIntervalMs?: number;
  /**
   * Reuse a connection already made in this process (the embedded run hosts API and worker
   * together): sequelize-typescript binds models to one instance, so a second would steal them.
   */
  sequelize?: Sequelize;
}

function dispatch(ctx: WorkerContext) {
  return async (job: Job) => {
    if (!isJobName(job.name)) throw new Error(`No processor registered for job "${job.name}"`);
    const name: JobName = job.name;
    const processor = processors[name];
    return processor(job.data as JobMap[typeof name], ctx);
  };
}

/** Consumes every queue of the product until closed. Safe to run as many processes as needed. */
export async function startWorker(config: Config, options: WorkerOptions = {}): Promise<WorkerHandle> {
  setLogLevel(config.LOG_LEVEL);
  const logger = loggerFor('worker');
  const ownsSequelize = !options.sequelize;
  const sequelize = options.sequelize ?? createSequelize(config.DATABASE_URL, { logger: loggerFor('db') });
  const redis = createRedis(config.REDIS_URL, 'app', logger);
  const connection = createRedis(config.REDIS_URL, 'queue-worker', loggerFor('queue'));
  await connectDatabase(sequelize, config.DATABASE_URL);
  await waitForRedis(redis, config.REDIS_URL);

  const ctx: WorkerContext = { config, sequelize, redis, logger };
  const worker = new Worker(QUEUE_NAMES.events, dispatch(ctx), {
    connection,
    prefix: queuePrefix(config.REDIS_PREFIX),
    concurrency: options.concurrency ?? 5,
    ...(options.lockDurationMs ? { lockDuration: options.lockDurationMs } : {}),
    ...(options.stalledIntervalMs ? { stalledInterval: options.stalledIntervalMs } : {}),
  });
  worker.on('failed', (job, err) => {
    logger.error(
      { jobId: job?.id, name: job?.name, attempts: job?.attemptsMade, err: err.message },
      'job failed',
    );
  });
  worker.on('error', (err) => logger.warn({ err: err.message }, 'worker error'));
  await worker.waitUntilReady();

  return {
    async close() {
      await worker.close();
      connection.disconnect();
      await redis.quit().catch(() => redis.disconnect());
      if (ownsSequelize) await sequelize.close();
    },
  };
}
