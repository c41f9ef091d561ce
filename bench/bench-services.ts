import { randomBytes } from 'node:crypto';
import { Redis } from 'ioredis';
import pg from 'pg';
import { runMigrations } from '../api/src/db/migrate.ts';
import { createScratchDatabase } from '../api/src/db/scratch-database.ts';
import { deleteKeysByPrefix } from '../api/src/redis.ts';

const LOOPBACK = new Set(['127.0.0.1', 'localhost', '[::1]']);

/** The bench only ever loads this machine's services: a typo must not point it at a shared server. */
export function requireLoopback(url: string, variable: string): URL {
  const parsed = new URL(url);
  if (!LOOPBACK.has(parsed.hostname)) {
    throw new Error(`${variable} must point at 127.0.0.1 (got ${parsed.hostname})`);
  }
  return parsed;
}

export const benchRedisPrefix = () => `blog_bench_${randomBytes(4).toString('hex')}`;

/** Deletes every key under `prefix:` (app keys and BullMQ queues); returns how many went. */
export async function deleteBenchRedisKeys(redisUrl: string, prefix: string): Promise<number> {
  const redis = new Redis(redisUrl, { maxRetriesPerRequest: 1, connectTimeout: 2000, lazyConnect: true });
  redis.on('error', () => undefined);
  await redis.connect();
  try {
    return await deleteKeysByPrefix(redis, prefix);
  } finally {
    redis.disconnect();
  }
}

/**
 * Waits until the server's queries have finished. autocannon abandons requests still in flight
 * when a run ends, but PostgreSQL goes on executing them; a slow scenario would otherwise eat
 * into the next one's time.
 */
export async function waitForIdleDatabase(pool: pg.Pool, timeoutMs = 120_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    const { rows } = await pool.query<{ active: number }>(
      `SELECT count(*)::int AS active FROM pg_stat_activity
        WHERE datname = current_database() AND state = 'active' AND pid <> pg_backend_pid()`,
    );
    if (rows[0].active === 0) return;
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  process.stderr.write(`[bench] queries still running after ${timeoutMs / 1000} s; going on\n`);
}

/**
 * A private database (`<prefix>_<random>`) on `serverUrl`, migrated, and a small pool on it; the
 * pool's end and the database's drop are added to `cleanups` (a script's undo steps, last added first).
 */
export async function migratedScratchDatabase(
  serverUrl: string,
  prefix: string,
  cleanups: (() => Promise<unknown>)[],
) {
  const database = await createScratchDatabase(serverUrl, prefix);
  cleanups.push(() => database.drop());
  await runMigrations(database.url);
  const pool = new pg.Pool({ connectionString: database.url, max: 2 });
  // An idle client's error (the database dropped on Ctrl-C) must not crash the script before cleanup.
  pool.on('error', () => undefined);
  cleanups.push(() => pool.end());
  return { database, pool };
}
