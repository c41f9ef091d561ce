import { QueryTypes } from 'sequelize';
import { QUEUE_NAMES } from '../src/queue/job-options.ts';
import type { Runtime } from '../src/runtime.ts';
import { until } from './drill.ts';

/** Job states that may still run a processor (send an e-mail, write a row). */
const UNFINISHED = ['waiting', 'active', 'delayed', 'prioritized', 'waiting-children'] as const;

/** Every event committed is relayed, and no job of the events or e-mail queue is left to run. */
async function idle(runtime: Runtime): Promise<boolean> {
  const [{ pending }] = await runtime.sequelize.query<{ pending: number }>(
    'SELECT count(*)::int AS pending FROM outbox_events WHERE dispatched_at IS NULL',
    { type: QueryTypes.SELECT },
  );
  if (pending > 0) return false;
  // The housekeeping queue holds its repeatable chores as delayed jobs for ever: not work in flight.
  const queues = (await runtime.queues.all()).filter((queue) => queue.name !== QUEUE_NAMES.housekeeping);
  for (const queue of queues) {
    const counts = await queue.getJobCounts(...UNFINISHED);
    if (Object.values(counts).some((count) => count > 0)) return false;
  }
  return true;
}

/**
 * Waits for a known quiet point instead of "room for a duplicate" on a clock: a marker event is
 * recorded now and handled by the worker(s) (the pipeline is alive and has reached it), then the
 * outbox and the queues are idle on two reads in a row (a job that records an event as it finishes
 * is caught by the second). After this, every message the system was going to send has reached the
 * SMTP server, so counting the caught messages proves "exactly once" without a sleep.
 */
export async function untilSettled(runtime: Runtime, timeoutMs = 60_000): Promise<void> {
  const marker = await runtime.sequelize.transaction((transaction) =>
    runtime.events.record({ type: 'system.ping', payload: { requestedBy: 'test-barrier' } }, transaction),
  );
  const queue = await runtime.eventsQueue();
  await until(
    'the marker event to be handled',
    async () => {
      const [{ relayed }] = await runtime.sequelize.query<{ relayed: boolean }>(
        'SELECT dispatched_at IS NOT NULL AS relayed FROM outbox_events WHERE id = :marker',
        { type: QueryTypes.SELECT, replacements: { marker } },
      );
      if (!relayed) return false;
      const job = await queue.getJob(marker);
      // Completed jobs beyond the queue's cap are removed: gone after being relayed means done.
      return !job || (await job.isCompleted());
    },
    timeoutMs,
  );
  await until(
    'the outbox and the queues to be idle',
    async () => (await idle(runtime)) && idle(runtime),
    timeoutMs,
  );
}
