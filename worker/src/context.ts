import type { Deps } from '@blog/api/deps';
import type { Queue } from 'bullmq';

/**
 * What processors are handed: the services' dependencies minus the event recorder (a processor
 * that must announce something records it through a service in its own transaction). They re-read
 * data through the models registered on `sequelize`.
 */
export type WorkerContext = Pick<Deps, 'config' | 'sequelize' | 'redis' | 'logger' | 'clock'>;

/**
 * What a fan-out processor is handed besides: the queue it enqueues its send jobs on, the
 * housekeeping queue (chores, and the delayed job of a scheduled post's publication), and how long a
 * claim on a recipient is honoured (the worker's job lock: a sender silent for longer is dead).
 */
export type FanOutContext = WorkerContext & {
  emailQueue: Queue;
  housekeepingQueue: Queue;
  claimLeaseMs?: number;
};
