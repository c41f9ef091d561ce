import pg from 'pg';
import { connectionFailureMessage } from '../connection-failure.ts';
import { Sequelize } from 'sequelize';
import type { Umzug } from 'umzug';
import type { Logger } from '../logger.ts';
import { MIGRATIONS, type MigrationContext } from './migrations/index.ts';

/** Any fixed number works; it only has to be the same in every process that migrates this database. */
const MIGRATION_LOCK_KEY = '7284501190033';

export interface MigrateOptions {
  logger?: Logger;
  /** Stop after this migration (a restore first recreates the schema its archive was taken at). */
  to?: string;
}

/**
 * A Sequelize of its own, without models: registering the models here would rebind the
 * sequelize-typescript classes to a connection that is closed right after migrating.
 */
function migrationSequelize(databaseUrl: string): Sequelize {
  return new Sequelize(databaseUrl, { dialect: 'postgres', logging: false, pool: { max: 1, min: 0 } });
}

async function createUmzug(
  sequelize: Sequelize,
  logger: Logger | undefined,
): Promise<Umzug<MigrationContext>> {
  const { SequelizeStorage, Umzug } = await import('umzug');
  return new Umzug<MigrationContext>({
    migrations: MIGRATIONS,
    context: sequelize.getQueryInterface(),
    storage: new SequelizeStorage({ sequelize, tableName: 'schema_migrations' }),
    logger: logger && {
      // Umzug says each migration twice (`migrating`, then `migrated`): the start is for debugging.
      info: (message) =>
        message.event === 'migrating'
          ? logger.debug(message, 'migration')
          : logger.info(message, 'migration'),
      warn: (message) => logger.warn(message, 'migration'),
      error: (message) => logger.error(message, 'migration'),
      debug: (message) => logger.debug(message, 'migration'),
    },
  });
}

/**
 * Runs `work` while holding the migration advisory lock on a dedicated connection, so API
 * processes starting together migrate one after another (the later ones find nothing to do).
 */
async function withMigrationLock<T>(
  databaseUrl: string,
  logger: Logger | undefined,
  work: (lockClient: pg.Client) => Promise<T>,
): Promise<T> {
  const lockClient = new pg.Client({ connectionString: databaseUrl, connectionTimeoutMillis: 10_000 });
  lockClient.on('error', (err) => logger?.error({ err }, 'migration lock connection failed'));
  await lockClient.connect().catch((err: unknown) => {
    throw new Error(connectionFailureMessage('PostgreSQL', databaseUrl, err), { cause: err });
  });
  try {
    await lockClient.query('SELECT pg_advisory_lock($1)', [MIGRATION_LOCK_KEY]);
    return await work(lockClient);
  } finally {
    // Ending the session releases the lock even if the unlock query cannot run.
    await lockClient.query('SELECT pg_advisory_unlock($1)', [MIGRATION_LOCK_KEY]).catch(() => undefined);
    await lockClient.end().catch(() => undefined);
  }
}

/**
 * Whether any migration of the list is not in schema_migrations yet. Asked on the lock's connection,
 * so a process starting against an up-to-date database (every start but the first after a release)
 * loads neither umzug nor a second connection pool.
 */
async function hasPendingMigrations(client: pg.Client): Promise<boolean> {
  const table = await client.query<{ present: boolean }>(
    "SELECT to_regclass('schema_migrations') IS NOT NULL AS present",
  );
  if (!table.rows[0]?.present) return true;
  const applied = await client.query<{ name: string }>('SELECT name FROM schema_migrations');
  const names = new Set(applied.rows.map((row) => row.name));
  return MIGRATIONS.some((migration) => !names.has(migration.name));
}

/** Applies every pending migration; returns the names applied (empty when up to date). */
export async function runMigrations(databaseUrl: string, options: MigrateOptions = {}): Promise<string[]> {
  const { logger } = options;
  return withMigrationLock(databaseUrl, logger, async (lockClient) => {
    if (!options.to && !(await hasPendingMigrations(lockClient))) {
      logger?.info({ applied: [] }, 'database schema up to date');
      return [];
    }
    const sequelize = migrationSequelize(databaseUrl);
    try {
      const umzug = await createUmzug(sequelize, logger);
      const applied = await (options.to ? umzug.up({ to: options.to }) : umzug.up());
      const names = applied.map((migration) => migration.name);
      logger?.info(
        { applied: names },
        names.length > 0 ? 'migrations applied' : 'database schema up to date',
      );
      return names;
    } finally {
      await sequelize.close();
    }
  });
}

/** Reverts every applied migration, newest first; for tests of the migrations themselves. */
export async function revertAllMigrations(
  databaseUrl: string,
  options: MigrateOptions = {},
): Promise<string[]> {
  const { logger } = options;
  return withMigrationLock(databaseUrl, logger, async () => {
    const sequelize = migrationSequelize(databaseUrl);
    try {
      const reverted = await (await createUmzug(sequelize, logger)).down({ to: 0 });
      return reverted.map((migration) => migration.name);
    } finally {
      await sequelize.close();
    }
  });
}
