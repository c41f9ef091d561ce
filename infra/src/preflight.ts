import { Redis } from 'ioredis';
import pg from 'pg';
import { StartupError } from './startup-error.ts';

/** `host:port` only: the URL may carry a password. */
const target = (url: string, defaultPort: number) => {
  const parsed = new URL(url);
  return `${parsed.hostname}:${parsed.port || defaultPort}`;
};

const networkReasons: Record<string, string> = {
  ECONNREFUSED: 'connection refused',
  ENOTFOUND: 'host not found',
  EAI_AGAIN: 'host not found',
  ETIMEDOUT: 'timed out',
  ECONNRESET: 'connection reset',
  EHOSTUNREACH: 'host unreachable',
  ENETUNREACH: 'network unreachable',
};

const postgresReasons: Record<string, string> = {
  '28P01': 'password authentication failed',
  '28000': 'access denied',
  '3D000': 'database does not exist',
  '53300': 'too many connections',
  '57P03': 'the server is starting up or shutting down',
};

function reasonOf(error: unknown, extra: Record<string, string> = {}): string {
  const { code, message } = error as { code?: string; message?: string };
  const known = code ? (networkReasons[code] ?? extra[code]) : undefined;
  return known ?? (message ?? String(error)).split('\n')[0]!;
}

/** Connects once to DATABASE_URL; a failure becomes one line naming host, port and reason. */
export async function checkPostgres(databaseUrl: string): Promise<void> {
  const client = new pg.Client({ connectionString: databaseUrl, connectionTimeoutMillis: 5_000 });
  client.on('error', () => {});
  try {
    await client.connect();
    await client.query('SELECT 1');
  } catch (error) {
    throw new StartupError(
      `Cannot connect to PostgreSQL at ${target(databaseUrl, 5432)}: ${reasonOf(error, postgresReasons)}`,
    );
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
    const message = (error as Error).message ?? '';
    const reason = /NOAUTH|WRONGPASS/.test(message)
      ? 'authentication failed'
      : reasonOf(socketError ?? error);
    throw new StartupError(`Cannot connect to Redis at ${target(redisUrl, 6379)}: ${reason}`);
  } finally {
    client.disconnect();
  }
}
