import type { DefaultJobOptions } from 'bullmq';

/**
 * Every BullMQ queue of the product. `events` carries domain events from the outbox; `email` one
 * message per job; `housekeeping` the worker's own scheduled chores; `cdn` purges of the cache in front.
 */
export const QUEUE_NAMES = {
  events: 'events',
  email: 'email',
  housekeeping: 'housekeeping',
  cdn: 'cdn',
} as const;
export type QueueName = (typeof QUEUE_NAMES)[keyof typeof QUEUE_NAMES];

/** Retries with exponential backoff; completed and failed jobs are capped so Redis stays bounded. */
export const defaultJobOptions: DefaultJobOptions = {
  attempts: 5,
  backoff: { type: 'exponential', delay: 2000 },
  removeOnComplete: { count: 1000, age: 24 * 3600 },
  removeOnFail: { count: 5000, age: 7 * 24 * 3600 },
};

/** BullMQ keys live under the deployment's Redis prefix, next to the app's own keys. */
export const queuePrefix = (redisPrefix: string) => `${redisPrefix}:bull`;

/** The defaults with the deployment's QUEUE_ATTEMPTS and QUEUE_BACKOFF_MS. */
export const jobOptionsFrom = (settings: {
  QUEUE_ATTEMPTS: number;
  QUEUE_BACKOFF_MS: number;
}): DefaultJobOptions => ({
  ...defaultJobOptions,
  attempts: settings.QUEUE_ATTEMPTS,
  backoff: { type: 'exponential', delay: settings.QUEUE_BACKOFF_MS },
});
