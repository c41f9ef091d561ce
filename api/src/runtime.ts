import type { Queue } from 'bullmq';
import type { Config } from './config.ts';
import { connectDatabase, createSequelize } from './db/sequelize.ts';
import { type Deps, systemClock } from './deps.ts';
import { createEventRecorder } from './events/outbox.ts';
import { createOutboxRelay, type OutboxRelay } from './events/outbox-relay.ts';
import { loggerFor, setLogLevel } from './logger.ts';
import { createQueue, jobOptionsFrom, QUEUE_NAMES } from './queue/queues.ts';
import { createRedis, waitForRedis } from './redis.ts';

/** The long-lived connections of an API process, built once and closed once; also the services' `Deps`. */
export interface Runtime extends Deps {
  eventsQueue: Queue;
  /** Every queue of the product, read (never consumed) for the /metrics queue depth. */
  queues: Queue[];
  relay: OutboxRelay;
  close(): Promise<void>;
}

export async function createRuntime(
  config: Config,
  options: { relayPollMs?: number } = {},
): Promise<Runtime> {
  setLogLevel(config.LOG_LEVEL);
  const logger = loggerFor('app');
  const sequelize = createSequelize(config.DATABASE_URL, { logger: loggerFor('db') });
  const redis = createRedis(config.REDIS_URL, 'app', loggerFor('app'));
  const queueConnection = createRedis(config.REDIS_URL, 'queue-producer', loggerFor('queue'));
  try {
    await connectDatabase(sequelize, config.DATABASE_URL);
    await Promise.all([
      waitForRedis(redis, config.REDIS_URL),
      waitForRedis(queueConnection, config.REDIS_URL),
    ]);
  } catch (err) {
    redis.disconnect();
    queueConnection.disconnect();
    await sequelize.close();
    throw err;
  }
  const eventsQueue = createQueue(
    QUEUE_NAMES.events,
    queueConnection,
    config.REDIS_PREFIX,
    jobOptionsFrom(config),
  );
  const otherQueues = [QUEUE_NAMES.email, QUEUE_NAMES.housekeeping].map((name) =>
    createQueue(name, queueConnection, config.REDIS_PREFIX),
  );
  eventsQueue.on('error', (err) => loggerFor('queue').warn({ err: err.message }, 'events queue error'));
  const relay = createOutboxRelay({
    sequelize,
    queue: eventsQueue,
    logger: loggerFor('events'),
    pollIntervalMs: options.relayPollMs,
  });
  const events = createEventRecorder(() => relay.kick());
  return {
    config,
    logger,
    sequelize,
    redis,
    eventsQueue,
    queues: [eventsQueue, ...otherQueues],
    relay,
    events,
    clock: systemClock,
    async close() {
      await relay.stop();
      await eventsQueue.close();
      await Promise.all(otherQueues.map((queue) => queue.close()));
      queueConnection.disconnect();
      await redis.quit().catch(() => redis.disconnect());
      await sequelize.close();
    },
  };
}
