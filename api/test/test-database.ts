import { inject } from 'vitest';
import { createScratchDatabase, type ScratchDatabase } from '../src/db/scratch-database.ts';

/**
 * This worker's migrated database. Files run side by side, one per worker, and each worker has a
 * database of its own (infra/src/test/global-setup.ts), so two files never share tables at once.
 */
export function testDatabaseUrl(): string {
  const urls = inject('databaseUrls');
  const worker = Number(process.env.VITEST_POOL_ID ?? '1');
  return urls[(worker - 1) % urls.length]!;
}

/**
 * A migrated database of the test's own, copied from the run's untouched template: for tests that
 * change global state (settings, the last admin) or need the tables to themselves. Drop it after.
 */
export function createMigratedScratchDatabase(prefix: string): Promise<ScratchDatabase> {
  return createScratchDatabase(inject('adminDatabaseUrl'), prefix, inject('templateDatabase'));
}
