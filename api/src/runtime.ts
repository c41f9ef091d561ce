import type { Queue } from 'bullmq';
import type { Config } from './config.ts';
import { connectDatabase, createSequelize } from './db/sequelize.ts';
import { type Deps, systemClock } from './deps.ts';
import { createEventRecorder } from './events/outbox.ts';
import { closeImageStorageFor } from './modules/images/image-storage.ts';
import { createOutboxRelay, type OutboxRelay } from './events/outbox-relay.ts';
import { loggerFor, setLogLevel } from './logger.ts';
import { type ApiQueues, createApiQueues } from './queue/api-queues.ts';
import { jobOptionsFrom } from './queue/job-options.ts';
import { startPublicCache } from './modules/public-cache/public-cache.ts';
import type { PublicResponseCache } from './modules/public-cache/response-cache.ts';
import { createRedis, requireRedisVersion, waitForRedis } from './redis.ts';

/** The long-lived connections of an API process, built once and closed once; also the services' `Deps`. */
export interface Runtime extends Deps {
  /** The events queue (created on first use; tests read jobs from it). */
  eventsQueue(): Promise<Queue>;
  /** The product's queues, read (never consumed) for the /metrics queue depth; created on first use. */
  queues: ApiQueues;
  relay: OutboxRelay;
  /** Public answers in memory, kept fresh by the database's change notifications. */
  publicCache: PublicResponseCache;
  close(): Promise<void>;
}

export async function createRuntime(
  config: Config,
  options: { relayPollMs?: number } = {},
): Promise<Runtime> {
  setLogLevel(config.LOG_LEVEL);
  const logger = loggerFor('app');
  const sequelize = createSequelize(config.DATABASE_URL, {
    logger: loggerFor('db'),
    publicChannel: config.PUBLIC_CONTENT_CHANNEL,
  });
  const redis = createRedis(config.REDIS_URL, 'app', loggerFor('app'));
  const queueConnection = createRedis(config.REDIS_URL, 'queue-producer', loggerFor('queue'));
  let publicCache: PublicResponseCache | undefined;
  try {
    await connectDatabase(sequelize, config.DATABASE_URL);
    await Promise.all([
      waitForRedis(redis, config.REDIS_URL),
      waitForRedis(queueConnection, config.REDIS_URL),
    ]);
    await requireRedisVersion(redis, config.REDIS_URL);
    publicCache = await startPublicCache(config.DATABASE_URL, loggerFor('app'), {
      channel: config.PUBLIC_CONTENT_CHANNEL,
      purgeTarget: config.CDN_PURGE,
    });
  } catch (err) {
    redis.disconnect();
    queueConnection.disconnect();
    await sequelize.close();
    throw err;
  }
  const queues = createApiQueues(queueConnection, config.REDIS_PREFIX, jobOptionsFrom(config), (err) =>
    loggerFor('queue').warn({ err: err.message }, 'events queue error'),
  );
  const relay = createOutboxRelay({
    sequelize,
    queue: queues.events,
    logger: loggerFor('events'),
    pollIntervalMs: options.relayPollMs,
  });
  const events = createEventRecorder(() => relay.kick());
  return {
    config,
    logger,
    sequelize,
    redis,
    eventsQueue: queues.events,
    queues,
    relay,
    publicCache,
    events,
    clock: systemClock,
    async close() {
      await relay.stop();
      await publicCache.changes.close();
      await queues.close();
      queueConnection.disconnect();
      await redis.quit().catch(() => redis.disconnect());
      await sequelize.close();
      closeImageStorageFor(config);
    },
  };
}
