import type { Config } from '@blog/api/config';
import { connectDatabase, createSequelize } from '@blog/api/database';
import { systemClock } from '@blog/api/deps';
import { loggerFor, setLogLevel } from '@blog/api/logger';
import { appendLog } from '@blog/api/logs';
import { jobOutcomes } from '@blog/api/metrics';
import { createQueue, jobOptionsFrom, QUEUE_NAMES, type QueueName, queuePrefix } from '@blog/api/queue';
import { closeImageStorageFor } from '@blog/api/images/storage';
import { createRedis, waitForRedis } from '@blog/api/redis';
import { type Job, type Queue, UnrecoverableError, Worker } from 'bullmq';
import type { Sequelize } from 'sequelize-typescript';
import type { FanOutContext } from './context.ts';
import { closePooledSmtpTransport } from './email/smtp-transport.ts';
import { isJobName, type JobMap, type JobName, processors } from './jobs.ts';
import { startMetricsServer } from './metrics-server.ts';
import { publishDuePosts } from '@blog/api/posts/scheduled-publishing';
import { type PurgeListener, startPurgeListener } from '@blog/api/public-cache/purge-listener';
import { scheduleHousekeeping } from './schedules.ts';

export interface WorkerHandle {
  /** Port of the worker's /metrics server, when WORKER_METRICS_PORT asked for one. */
  metricsPort?: number;
  close(): Promise<void>;
}

export interface WorkerOptions {
  concurrency?: number;
  /** Send jobs run at once per process (they share a pool of SMTP connections). */
  emailConcurrency?: number;
  /** Shorter in fault drills; BullMQ's defaults mean ~60 s before a stalled job is retried. */
  lockDurationMs?: number;
  stalledIntervalMs?: number;
  /**
   * Reuse a connection already made in this process (the embedded run hosts API and worker
   * together): sequelize-typescript binds models to one instance, so a second would steal them.
   */
  sequelize?: Sequelize;
}

/** Generic over the name, so each processor is called with its own payload type. */
const runProcessor = <N extends JobName>(name: N, data: JobMap[N], ctx: FanOutContext) =>
  processors[name](data, ctx);

function dispatch(ctx: FanOutContext) {
  return async (job: Job) => {
    if (!isJobName(job.name)) throw new Error(`No processor registered for job "${job.name}"`);
    return runProcessor(job.name, job.data as JobMap[JobName], ctx);
  };
}

/** Consumes every queue of the product until closed. Safe to run as many processes as needed. */
export async function startWorker(config: Config, options: WorkerOptions = {}): Promise<WorkerHandle> {
  setLogLevel(config.LOG_LEVEL);
  const logger = loggerFor('worker');
  const ownsSequelize = !options.sequelize;
  const sequelize =
    options.sequelize ??
    createSequelize(config.DATABASE_URL, {
      logger: loggerFor('db'),
      publicChannel: config.PUBLIC_CONTENT_CHANNEL,
    });
  const redis = createRedis(config.REDIS_URL, 'app', logger);
  const connection = createRedis(config.REDIS_URL, 'queue-worker', loggerFor('queue'));
  await connectDatabase(sequelize, config.DATABASE_URL);
  await waitForRedis(redis, config.REDIS_URL);

  // The deployment's attempts and backoff, like every other queue (a refused batch is retried by them).
  const emailQueue = createQueue(QUEUE_NAMES.email, connection, config.REDIS_PREFIX, jobOptionsFrom(config));
  emailQueue.on('error', (err) => logger.warn({ err: err.message }, 'email queue error'));
  const housekeeping = createQueue(
    QUEUE_NAMES.housekeeping,
    connection,
    config.REDIS_PREFIX,
    jobOptionsFrom(config),
  );
  housekeeping.on('error', (err) => logger.warn({ err: err.message }, 'housekeeping queue error'));
  const ctx: FanOutContext = {
    config,
    sequelize,
    redis,
    logger,
    clock: systemClock,
    emailQueue,
    claimLeaseMs: options.lockDurationMs,
    housekeepingQueue: housekeeping,
  };
  const consume = (queueName: QueueName, concurrency: number) => {
    const worker = new Worker(queueName, dispatch(ctx), {
      connection,
      prefix: queuePrefix(config.REDIS_PREFIX),
      concurrency,
      // Jobs are safe to run twice (deliveries are claimed), so a job whose lock lapsed on a busy
      // machine is run again rather than failed for good after a single stall.
      maxStalledCount: 5,
      ...(options.lockDurationMs ? { lockDuration: options.lockDurationMs } : {}),
      ...(options.stalledIntervalMs ? { stalledInterval: options.stalledIntervalMs } : {}),
    });
    worker.on('completed', (job) => {
      jobOutcomes.inc({ queue: queueName, name: job.name, outcome: 'completed' });
    });
    worker.on('failed', (job, err) => {
      // Retries are routine (backoff); the error log gets the jobs that will not be tried again.
      const final = !job || err instanceof UnrecoverableError || job.attemptsMade >= (job.opts.attempts ?? 1);
      jobOutcomes.inc({
        queue: queueName,
        name: job?.name ?? 'unknown',
        outcome: final ? 'failed' : 'retried',
      });
      const fields = {
        queue: queueName,
        jobId: job?.id,
        name: job?.name,
        attempts: job?.attemptsMade,
        err: err.message,
      };
      if (final) logger.error(fields, 'job failed for good');
      else logger.warn(fields, 'job failed; will retry');
      void appendLog(
        ctx,
        'error',
        final ? 'ERROR' : 'WARN',
        `${final ? 'Zadanie nieudane' : 'Zadanie nieudane, ponowienie'}: ${job?.name ?? '?'} (kolejka ${queueName}, próba ${job?.attemptsMade ?? '?'}): ${err.message}`,
        { jobId: job?.id ?? null },
      );
    });
    worker.on('error', (err) => logger.warn({ queue: queueName, err: err.message }, 'worker error'));
    return worker;
  };
  const workers = [
    consume(QUEUE_NAMES.events, options.concurrency ?? config.WORKER_CONCURRENCY),
    consume(QUEUE_NAMES.email, options.emailConcurrency ?? config.WORKER_EMAIL_CONCURRENCY),
    consume(QUEUE_NAMES.housekeeping, 1),
  ];
  // A CDN or Varnish in front: the database's change notifications become purges by key.
  let cdn: { queue: Queue; listener: PurgeListener } | undefined;
  if (config.CDN_PURGE !== 'none') {
    const queue = createQueue(QUEUE_NAMES.cdn, connection, config.REDIS_PREFIX, {
      ...jobOptionsFrom(config),
      attempts: config.CDN_PURGE_ATTEMPTS,
    });
    queue.on('error', (err) => logger.warn({ err: err.message }, 'cdn queue error'));
    workers.push(consume(QUEUE_NAMES.cdn, 2));
    const data = (keys: string[]): JobMap['cdn.purge'] => ({ keys });
    const listener = await startPurgeListener({
      databaseUrl: config.DATABASE_URL,
      channel: config.PUBLIC_CONTENT_CHANNEL,
      logger,
      enqueue: (keys) => queue.add('cdn.purge', data(keys)),
    });
    cdn = { queue, listener };
  }
  await Promise.all(workers.map((worker) => worker.waitUntilReady()));
  await scheduleHousekeeping(housekeeping, config);
  // Catch up at start: posts whose moment came while no worker ran are published now.
  const caughtUp = await publishDuePosts(ctx);
  if (caughtUp.length > 0) logger.info({ posts: caughtUp }, 'scheduled posts published at start');
  const metricsServer =
    config.WORKER_METRICS_PORT === undefined
      ? undefined
      : await startMetricsServer(
          config.WORKER_METRICS_PORT,
          config.WORKER_METRICS_HOST,
          config.METRICS_TOKEN,
        );
  await appendLog(ctx, 'system', 'INFO', `Worker uruchomiony (pid ${process.pid})`);

  return {
    metricsPort: metricsServer?.port,
    async close() {
      // Worker.close() waits for the jobs in flight to finish before it resolves: a drain, not a kill.
      await cdn?.listener.close();
      await Promise.all(workers.map((worker) => worker.close()));
      await cdn?.queue.close();
      await appendLog(ctx, 'system', 'INFO', `Worker zatrzymany (pid ${process.pid})`);
      await metricsServer?.close();
      await housekeeping.close();
      await emailQueue.close();
      closePooledSmtpTransport();
      connection.disconnect();
      await redis.quit().catch(() => redis.disconnect());
      if (ownsSequelize) await sequelize.close();
      if (ownsSequelize) closeImageStorageFor(config);
    },
  };
}
