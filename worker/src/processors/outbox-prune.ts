import { appendLog } from '@blog/api/logs';
import { QueryTypes } from 'sequelize';
import type { WorkerContext } from '../context.ts';

export interface OutboxPruneData {
  /** Dispatched events older than this are deleted; undispatched ones are never touched. */
  olderThanDays: number;
}

const BATCH = 5000;

/** Keeps outbox_events bounded: a dispatched event is only history once its jobs have long run. */
export async function processOutboxPrune(data: OutboxPruneData, ctx: WorkerContext) {
  let deleted = 0;
  for (;;) {
    // Small batches keep each statement's locks short on a busy table.
    const rows = await ctx.sequelize.query<{ id: string }>(
      `DELETE FROM outbox_events WHERE id IN (
         SELECT id FROM outbox_events
          WHERE dispatched_at IS NOT NULL AND dispatched_at < now() - make_interval(days => :days)
          LIMIT ${BATCH})
       RETURNING id`,
      { type: QueryTypes.SELECT, replacements: { days: data.olderThanDays } },
    );
    deleted += rows.length;
    if (rows.length < BATCH) break;
  }
  if (deleted > 0) ctx.logger.info({ deleted }, 'pruned dispatched outbox events');
  await appendLog(
    ctx,
    'system',
    'INFO',
    `Porządkowanie: usunięto ${deleted} obsłużonych zdarzeń starszych niż ${data.olderThanDays} dni`,
  );
  return { deleted };
}
