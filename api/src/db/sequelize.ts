import type pg from 'pg';
import { Sequelize } from 'sequelize-typescript';
import { connectionFailureMessage } from '../connection-failure.ts';
import { type Logger, loggerFor } from '../logger.ts';
import { MODELS } from './models.ts';

export interface CreateSequelizeOptions {
  logger?: Logger;
  /** Connections this process may hold; keep api×N + worker×N under the server's max_connections. */
  poolMax?: number;
  /** The channel this process's writes notify public changes on (config PUBLIC_CONTENT_CHANNEL). */
  publicChannel?: string;
}

/**
 * Settings of every connection. JIT off: no query of this application is an analytic one, and on
 * a list over 100,000 posts the planner's cost estimate triggered JIT compiling that took longer
 * (~140 ms) than the query itself (bench/results/admin-lists.md). The public channel is
 * read by the public-content triggers (the value is a checked identifier).
 */
function sessionOptions(publicChannel: string | undefined): string {
  return ['-c jit=off', ...(publicChannel ? [`-c blog.public_channel=${publicChannel}`] : [])].join(' ');
}

/**
 * The one Sequelize instance of a process, with every model of `MODELS` registered.
 * sequelize-typescript binds model classes to the instance that registered them last, so a
 * process (or a test file) creates one instance and closes it at the end.
 */
export function createSequelize(databaseUrl: string, options: CreateSequelizeOptions = {}): Sequelize {
  const logger = options.logger ?? loggerFor('db');
  const sequelize = new Sequelize(databaseUrl, {
    dialect: 'postgres',
    define: { underscored: true },
    // SQL text only (bind values are never logged), and only when someone asked for debug.
    logging: logger.isLevelEnabled('debug')
      ? (sql: string, timing?: number) => logger.debug({ sql, durationMs: timing }, 'sql')
      : false,
    benchmark: logger.isLevelEnabled('debug'),
    pool: { max: options.poolMax ?? 10, min: 0, idle: 10_000, acquire: 30_000, evict: 1_000 },
    models: [...MODELS],
    dialectOptions: { options: sessionOptions(options.publicChannel) },
  });

  // Sequelize already evicts a broken connection from its pool; this listener makes the failure
  // visible. An 'error' event without any listener would crash the process.
  sequelize.addHook('afterConnect', (connection: unknown) => {
    (connection as pg.Client).on('error', (err: Error) => {
      logger.error({ err }, 'PostgreSQL connection error; the connection is discarded');
    });
  });

  return sequelize;
}

/** Fails with one readable line when PostgreSQL does not answer. */
export async function connectDatabase(sequelize: Sequelize, databaseUrl: string): Promise<void> {
  try {
    await sequelize.authenticate();
  } catch (err) {
    throw new Error(connectionFailureMessage('PostgreSQL', databaseUrl, err), { cause: err });
  }
}
