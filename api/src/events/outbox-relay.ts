import type { Queue } from 'bullmq';
import { QueryTypes, type Sequelize } from 'sequelize';
import type { Logger } from '../logger.ts';

interface PendingRow {
  id: string;
  type: string;
  payload: unknown;
}

export interface OutboxRelay {
  /** Dispatch soon (called after a transaction that recorded events commits). */
  kick(): void;
  /** Moves pending events to the queue until none are left; returns how many moved. */
  drain(): Promise<number>;
  stop(): Promise<void>;
}

const BATCH_SIZE = 100;

/**
 * Moves committed outbox rows to BullMQ with the event id as the job id, so a retried dispatch never
 * enqueues an event twice. Rows are claimed with FOR UPDATE SKIP LOCKED, so any number of API
 * processes can relay at once. When Redis is away the rows stay pending and the poll retries them.
 */
export function createOutboxRelay(deps: {
  sequelize: Sequelize;
  /** The events queue, created on first need (a process with nothing to dispatch never loads BullMQ). */
  queue: () => Promise<Queue>;
  logger: Logger;
  pollIntervalMs?: number;
}): OutboxRelay {
  const { sequelize, queue, logger } = deps;
  let running: Promise<number> | null = null;
  let again = false;
  let stopped = false;

  async function dispatchBatch(): Promise<number> {
    return sequelize.transaction(async (transaction) => {
      const rows = await sequelize.query<PendingRow>(
        `SELECT id, type, payload FROM outbox_events
          WHERE dispatched_at IS NULL
          ORDER BY created_at, id
          LIMIT ${BATCH_SIZE}
          FOR UPDATE SKIP LOCKED`,
        { type: QueryTypes.SELECT, transaction },
      );
      if (rows.length === 0) return 0;
      await (
        await queue()
      ).addBulk(
        rows.map((row) => ({
          name: row.type,
          data: { eventId: row.id, payload: row.payload },
          opts: { jobId: row.id },
        })),
      );
      await sequelize.query(
        'UPDATE outbox_events SET dispatched_at = now(), attempts = attempts + 1 WHERE id IN (:ids)',
        { replacements: { ids: rows.map((row) => row.id) }, transaction },
      );
      return rows.length;
    });
  }

  async function drainLoop(): Promise<number> {
    let moved = 0;
    do {
      again = false;
      for (;;) {
        const count = await dispatchBatch();
        moved += count;
        if (count < BATCH_SIZE) break;
      }
    } while (again && !stopped);
    return moved;
  }

  function drain(): Promise<number> {
    if (running) {
      again = true;
      return running;
    }
    running = drainLoop().finally(() => {
      running = null;
    });
    return running;
  }

  function kick() {
    if (stopped) return;
    drain().catch((err: unknown) => {
      logger.warn(
        { err: err instanceof Error ? err.message : err },
        'outbox dispatch failed; will retry on the next poll',
      );
    });
  }

  const timer = setInterval(kick, deps.pollIntervalMs ?? 2000);
  timer.unref();

  return {
    kick,
    drain,
    async stop() {
      stopped = true;
      clearInterval(timer);
      await running?.catch(() => undefined);
    },
  };
}
