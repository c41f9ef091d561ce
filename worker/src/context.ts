import type { Deps } from '@blog/api/deps';
import type { Queue } from 'bullmq';

/**
 * What processors are handed: the services' dependencies minus the event recorder (a processor
 * that must announce something records it through a service in its own transaction). They re-read
 * data through the models registered on `sequelize`.
 */
export type WorkerContext = Pick<Deps, 'config' | 'sequelize' | 'redis' | 'logger' | 'clock'>;

/** What a fan-out processor is handed besides: the queue it enqueues one send job per message on. */
export type FanOutContext = WorkerContext & {
  emailQueue: Queue;
  /** Chores, and the delayed job of a scheduled post's publication. */
  housekeepingQueue: Queue;
};
