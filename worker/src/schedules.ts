import type { Config } from '@blog/api/config';
import type { Queue } from 'bullmq';
import type { JobMap } from './jobs.ts';

const HOURLY = { every: 60 * 60 * 1000 };
/** How often scheduled posts are looked for besides their own delayed jobs (a lost job waits at most this). */
export const PUBLISH_DUE_SWEEP_MS = 30_000;

/**
 * The worker's recurring chores, each hourly. Upserting a scheduler is idempotent, so every worker
 * process may do it at start; BullMQ still runs each occurrence once.
 */
export async function scheduleHousekeeping(
  queue: Queue,
  config: Pick<Config, 'DELIVERY_RETENTION_DAYS' | 'UPLOAD_GRACE_HOURS'>,
): Promise<void> {
  const outbox: JobMap['outbox.prune'] = { olderThanDays: 7 };
  const deliveries: JobMap['deliveries.prune'] = { olderThanDays: config.DELIVERY_RETENTION_DAYS };
  const uploads: JobMap['uploads.prune'] = { graceHours: config.UPLOAD_GRACE_HOURS };
  await queue.upsertJobScheduler('outbox.prune', HOURLY, { name: 'outbox.prune', data: outbox });
  await queue.upsertJobScheduler('deliveries.prune', HOURLY, { name: 'deliveries.prune', data: deliveries });
  await queue.upsertJobScheduler('uploads.prune', HOURLY, { name: 'uploads.prune', data: uploads });
  const due: JobMap['posts.publish-due'] = {};
  await queue.upsertJobScheduler(
    'posts.publish-due',
    { every: PUBLISH_DUE_SWEEP_MS },
    { name: 'posts.publish-due', data: due },
  );
}
