import type { ConnectionOptions, DefaultJobOptions, Queue } from 'bullmq';

/**
 * The API's side of the queues: it only adds jobs (the outbox relay) and reads their depth
 * (/metrics). They are created on first use, so an API process that has dispatched no event and
 * been asked for no metrics never loads BullMQ (~10 MB of a reading process's memory).
 */
export interface ApiQueues {
  /** The queue of domain events, where the outbox relay puts them. */
  events(): Promise<Queue>;
  /** Every queue of the product, for their depth. */
  all(): Promise<Queue[]>;
  close(): Promise<void>;
}

export function createApiQueues(
  connection: ConnectionOptions,
  redisPrefix: string,
  eventJobOptions: DefaultJobOptions,
  onError: (err: Error) => void,
): ApiQueues {
  let created: Promise<{ events: Queue; all: Queue[] }> | undefined;
  const create = () =>
    (created ??= import('./queues.ts').then(({ createQueue, QUEUE_NAMES }) => {
      const events = createQueue(QUEUE_NAMES.events, connection, redisPrefix, eventJobOptions);
      events.on('error', onError);
      const others = [QUEUE_NAMES.email, QUEUE_NAMES.housekeeping].map((name) =>
        createQueue(name, connection, redisPrefix),
      );
      return { events, all: [events, ...others] };
    }));
  return {
    events: async () => (await create()).events,
    all: async () => (await create()).all,
    async close() {
      if (!created) return;
      await Promise.all((await created).all.map((queue) => queue.close()));
    },
  };
}
