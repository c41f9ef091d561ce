import pg from 'pg';
import { QueryTypes, type Sequelize } from 'sequelize';
import { until } from './drill.ts';

/** The rows of one statement on the database at `url`, on a connection of its own (tests' SQL by hand). */
export async function queryDatabase<T extends pg.QueryResultRow>(
  url: string,
  text: string,
  values: unknown[] = [],
): Promise<T[]> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    return (await client.query<T>(text, values)).rows;
  } finally {
    await client.end();
  }
}

/**
 * Waits until a session of the current database waits for an advisory lock (a request has reached
 * a lock the test holds), instead of giving it a guessed moment to get there.
 */
export async function untilWaitingForAdvisoryLock(sequelize: Sequelize): Promise<void> {
  await until('a session to wait for an advisory lock', async () => {
    const [{ waiting }] = await sequelize.query<{ waiting: number }>(
      `SELECT count(*)::int AS waiting FROM pg_locks
        WHERE locktype = 'advisory' AND NOT granted
          AND database = (SELECT oid FROM pg_database WHERE datname = current_database())`,
      { type: QueryTypes.SELECT },
    );
    return waiting > 0;
  });
}

/** The rows of a statement on `api`'s database, replacements by name (read when called, not before). */
export const selectRowsOn =
  (api: { runtime: { sequelize: Sequelize } }) =>
  <T extends object>(sql: string, replacements: Record<string, unknown> = {}) =>
    api.runtime.sequelize.query<T>(sql, { type: QueryTypes.SELECT, replacements });
