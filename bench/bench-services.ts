import { randomBytes } from 'node:crypto';
import { Redis } from 'ioredis';
import pg from 'pg';
import { runMigrations } from '../api/src/db/migrate.ts';
import { createScratchDatabase } from '../api/src/db/scratch-database.ts';
import { VISIBLE_POST_SQL } from '../api/src/modules/posts/posts.queries.ts';
import { deleteKeysByPrefix } from '../api/src/redis.ts';
import { PAGE_SIZE, pickSlugs, PLANTED_WORD } from './scenarios.ts';
import { seedDatabase } from './seed-data.ts';

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

/**
 * A script's undo steps (`cleanups`, the last added runs first, each failure ignored), run by
 * `cleanUp` at its end and on Ctrl-C (then exit 130).
 */
export function undoOnCtrlC() {
  const cleanups: (() => Promise<unknown>)[] = [];
  const cleanUp = async () => {
    for (const cleanup of cleanups.reverse()) await cleanup().catch(() => undefined);
    cleanups.length = 0;
  };
  process.once('SIGINT', () => void cleanUp().finally(() => process.exit(130)));
  return { cleanups, cleanUp };
}

/**
 * The public read benches' data: a scratch database (`blog_bench_<random>`) on `serverUrl`, migrated,
 * seeded with `posts` posts and analysed, with a small pool on it; the slugs the article scenarios
 * read and the number of pages of the post list. Its drop and the pool's end are added to `cleanups`.
 */
export async function seededReadDatabase(
  serverUrl: string,
  posts: number,
  cleanups: (() => Promise<unknown>)[],
  log: (message: string) => void,
) {
  const database = await createScratchDatabase(serverUrl, 'blog_bench');
  cleanups.push(() => database.drop());
  await runMigrations(database.url);
  const pool = new pg.Pool({ connectionString: database.url, max: 2 });
  cleanups.push(() => pool.end());
  log(`seeding ${posts} posts`);
  await seedDatabase(pool, { posts, plantedWord: PLANTED_WORD, plantedShare: 0.01, seed: 1 });
  await pool.query('VACUUM (ANALYZE)');
  const slugs = await pickSlugs(pool);
  const { rows } = await pool.query<{ visible: number }>(
    `SELECT count(*)::int AS visible FROM posts p WHERE ${VISIBLE_POST_SQL}`,
  );
  return { database, pool, slugs, pages: Math.ceil(rows[0]!.visible / PAGE_SIZE) };
}
