import { type ConnectionOptions, type DefaultJobOptions, Queue } from 'bullmq';
import { defaultJobOptions, queuePrefix, type QueueName } from './job-options.ts';

// Names, options and prefix live apart from BullMQ itself, so the API can read them without loading it.
export * from './job-options.ts';

export function createQueue(
  name: QueueName,
  connection: ConnectionOptions,
  redisPrefix: string,
  jobOptions: DefaultJobOptions = defaultJobOptions,
): Queue {
  return new Queue(name, { connection, prefix: queuePrefix(redisPrefix), defaultJobOptions: jobOptions });
}
