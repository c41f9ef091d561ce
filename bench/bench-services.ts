import { randomBytes } from 'node:crypto';
import { Redis } from 'ioredis';
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
