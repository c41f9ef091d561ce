import type { Queue } from 'bullmq';
import type { JobMap } from './jobs.ts';

/**
 * The worker's recurring chores. Upserting a scheduler is idempotent, so every worker process may
 * do it at start; BullMQ still runs each occurrence once.
 */
export async function scheduleHousekeeping(queue: Queue): Promise<void> {
  const data: JobMap['outbox.prune'] = { olderThanDays: 7 };
  await queue.upsertJobScheduler('outbox.prune', { every: 60 * 60 * 1000 }, { name: 'outbox.prune', data });
}
