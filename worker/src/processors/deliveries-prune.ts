import { appendLog } from '@blog/api/logs';
import { QueryTypes } from 'sequelize';
import type { WorkerContext } from '../context.ts';

export interface DeliveriesPruneData {
  /** Delivery records (sent or failed) older than this are deleted (DELIVERY_RETENTION_DAYS, 90 by default). */
  olderThanDays: number;
}

const BATCH = 5000;

/**
 * Keeps email_deliveries bounded. A record only guards against a second send while its event can
 * still be retried; once far past that, it is history. Pending and claimed rows are kept: a send may be running.
 */
export async function processDeliveriesPrune(data: DeliveriesPruneData, ctx: WorkerContext) {
  let deleted = 0;
  for (;;) {
    const rows = await ctx.sequelize.query<{ id: number }>(
      `DELETE FROM email_deliveries WHERE id IN (
         SELECT id FROM email_deliveries
          WHERE status NOT IN ('pending', 'claimed') AND updated_at < now() - make_interval(days => :days)
          LIMIT ${BATCH})
       RETURNING id`,
      { type: QueryTypes.SELECT, replacements: { days: data.olderThanDays } },
    );
    deleted += rows.length;
    if (rows.length < BATCH) break;
  }
  await appendLog(
    ctx,
    'system',
    'INFO',
    `Porządkowanie: usunięto ${deleted} rekordów wysyłek e-mail starszych niż ${data.olderThanDays} dni`,
  );
  return { deleted };
}
