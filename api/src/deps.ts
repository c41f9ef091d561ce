import type { Redis } from 'ioredis';
import type { Transaction } from 'sequelize';
import type { Sequelize } from 'sequelize-typescript';
import type { Config } from './config.ts';
import type { EventRecorder } from './events/outbox.ts';
import type { Logger } from './logger.ts';

/** Where "now" comes from, so rules that depend on time (expiry, the day of a counter) can be tested. */
export interface Clock {
  now(): Date;
}

export const systemClock: Clock = { now: () => new Date() };

/**
 * Everything a service may need, handed in explicitly by its caller (a router, a worker processor,
 * a test). Services take a `Pick` of it naming exactly what they use, never a global.
 */
export interface Deps {
  config: Config;
  sequelize: Sequelize;
  /** Every key written must start with `config.REDIS_PREFIX`. */
  redis: Redis;
  /** Records domain events in the caller's transaction (the outbox). */
  events: EventRecorder;
  logger: Logger;
  clock: Clock;
}

/**
 * A database handle: the connection plus, when the caller already runs a transaction, that
 * transaction. Reads and writes pass `transaction` on, so a change and the event it emits commit
 * or roll back together.
 */
export interface Db {
  sequelize: Sequelize;
  transaction?: Transaction;
}

/**
 * Runs `work` in the caller's transaction when there is one, otherwise in a new one, and hands it
 * a `Db` bound to that transaction.
 */
export async function inTransaction<T>(db: Db, work: (tx: Db & { transaction: Transaction }) => Promise<T>) {
  if (db.transaction) return work({ sequelize: db.sequelize, transaction: db.transaction });
  return db.sequelize.transaction((transaction) => work({ sequelize: db.sequelize, transaction }));
}
