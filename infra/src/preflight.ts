import { Redis } from 'ioredis';
import pg from 'pg';
import { connectionFailureMessage } from '@blog/api/connection-failure';
import { StartupError } from './startup-error.ts';

/** Connects once to DATABASE_URL; a failure becomes one line naming host, port and reason. */
export async function checkPostgres(databaseUrl: string): Promise<void> {
  const client = new pg.Client({ connectionString: databaseUrl, connectionTimeoutMillis: 5_000 });
  client.on('error', () => {});
  try {
    await client.connect();
    await client.query('SELECT 1');
  } catch (error) {
    throw new StartupError(connectionFailureMessage('PostgreSQL', databaseUrl, error));
  } finally {
    await client.end().catch(() => {});
  }
}

/** Connects once to REDIS_URL and sends PING; a failure becomes one line naming host, port and reason. */
export async function checkRedis(redisUrl: string): Promise<void> {
  const client = new Redis(redisUrl, {
    lazyConnect: true,
    connectTimeout: 5_000,
    maxRetriesPerRequest: 0,
    enableOfflineQueue: false,
    retryStrategy: () => null,
  });
  // ioredis reports the socket's error as an event and rejects connect() with a generic one.
  let socketError: unknown;
  client.on('error', (error) => {
    socketError ??= error;
  });
  try {
    await client.connect();
    await client.ping();
  } catch (error) {
    const authFailed = /NOAUTH|WRONGPASS/.test((error as Error).message ?? '');
    throw new StartupError(
      connectionFailureMessage('Redis', redisUrl, authFailed ? error : (socketError ?? error)),
    );
  } finally {
    client.disconnect();
  }
}
