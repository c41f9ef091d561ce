import { randomBytes } from 'node:crypto';
import { Redis } from 'ioredis';
import pg from 'pg';

export interface BenchDatabase {
  name: string;
  url: string;
  drop(): Promise<void>;
}

const LOOPBACK = new Set(['127.0.0.1', 'localhost', '[::1]']);

/** The bench only ever loads this machine's services: a typo must not point it at a shared server. */
export function requireLoopback(url: string, variable: string): URL {
  const parsed = new URL(url);
  if (!LOOPBACK.has(parsed.hostname)) {
    throw new Error(`${variable} must point at 127.0.0.1 (got ${parsed.hostname})`);
  }
  return parsed;
}

async function adminQuery(serverUrl: string, sql: string): Promise<void> {
  const client = new pg.Client({ connectionString: serverUrl, connectionTimeoutMillis: 5000 });
  await client.connect();
  try {
    await client.query(sql);
  } finally {
    await client.end();
  }
}

/** A private database `blog_bench_<random>` on the server of `serverUrl`; `drop` is safe to call twice. */
export async function createBenchDatabase(serverUrl: string): Promise<BenchDatabase> {
  const name = `blog_bench_${randomBytes(4).toString('hex')}`;
  await adminQuery(serverUrl, `CREATE DATABASE "${name}"`);
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  let dropped = false;
  return {
    name,
    url: url.toString(),
    async drop() {
      if (dropped) return;
      dropped = true;
      await adminQuery(serverUrl, `DROP DATABASE IF EXISTS "${name}" WITH (FORCE)`);
    },
  };
}

export const benchRedisPrefix = () => `blog_bench_${randomBytes(4).toString('hex')}`;

/** Deletes every key under `prefix:` (app keys and BullMQ queues); returns how many went. */
export async function deleteRedisKeys(redisUrl: string, prefix: string): Promise<number> {
  const redis = new Redis(redisUrl, { maxRetriesPerRequest: 1, connectTimeout: 2000, lazyConnect: true });
  redis.on('error', () => undefined);
  await redis.connect();
  let deleted = 0;
  try {
    let cursor = '0';
    do {
      const [next, keys] = await redis.scan(cursor, 'MATCH', `${prefix}:*`, 'COUNT', 500);
      cursor = next;
      if (keys.length > 0) deleted += await redis.unlink(...keys);
    } while (cursor !== '0');
  } finally {
    redis.disconnect();
  }
  return deleted;
}
