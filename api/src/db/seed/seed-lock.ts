import type { Transaction } from 'sequelize';
import type { Sequelize } from 'sequelize-typescript';

/** Any fixed number; distinct from the migration lock so seeding never waits on a migration. */
const SEED_LOCK_KEY = '7284501190034';

/**
 * Serializes seeding across API processes starting together: the lock is held until the
 * transaction ends, so the second process sees what the first one committed.
 */
export async function takeSeedLock(sequelize: Sequelize, transaction: Transaction): Promise<void> {
  await sequelize.query('SELECT pg_advisory_xact_lock(:key)', {
    replacements: { key: SEED_LOCK_KEY },
    transaction,
  });
}
