import { Redis, type RedisOptions } from 'ioredis';
import { connectionFailureMessage } from './connection-failure.ts';
import type { Logger } from './logger.ts';

export type RedisRole = 'app' | 'queue-producer' | 'queue-worker';

/**
 * One place that builds ioredis clients. Every client handles its `error` events (an unhandled one
 * kills the process during an outage); roles differ in how they behave while Redis is away:
 * - app: commands fail fast (HTTP handlers answer 503 instead of hanging);
 * - queue-producer: fails fast too, so the outbox relay leaves events for the next poll;
 * - queue-worker: BullMQ workers need `maxRetriesPerRequest: null` and wait for Redis to return.
 */
export function createRedis(url: string, role: RedisRole, logger: Logger, options: RedisOptions = {}): Redis {
  const byRole: Record<RedisRole, RedisOptions> = {
    app: { maxRetriesPerRequest: 1, enableOfflineQueue: false, connectTimeout: 2000 },
    'queue-producer': { maxRetriesPerRequest: 1, enableOfflineQueue: false, connectTimeout: 2000 },
    'queue-worker': { maxRetriesPerRequest: null },
  };
  const client = new Redis(url, {
    ...byRole[role],
    retryStrategy: (attempt) => Math.min(attempt * 200, 2000),
    lazyConnect: false,
    ...options,
  });
  let lastLogged = 0;
  client.on('error', (err: Error) => {
    // An outage emits an error per reconnect attempt; one line every 10 s is enough.
    const now = Date.now();
    if (now - lastLogged > 10_000) {
      lastLogged = now;
      logger.warn({ err: err.message, role }, 'redis connection error');
    }
  });
  return client;
}

/** Waits until the client is connected, failing with a one-line reason after `timeoutMs`. */
export async function waitForRedis(client: Redis, url: string, timeoutMs = 5000): Promise<void> {
  if (client.status === 'ready') return;
  await new Promise<void>((resolve, reject) => {
    let lastError: unknown = 'no answer';
    const timer = setTimeout(() => {
      cleanup();
      reject(new Error(connectionFailureMessage('Redis', url, lastError)));
    }, timeoutMs);
    const onReady = () => {
      cleanup();
      resolve();
    };
    const onError = (err: unknown) => {
      lastError = err;
    };
    const cleanup = () => {
      clearTimeout(timer);
      client.off('ready', onReady);
      client.off('error', onError);
    };
    client.on('ready', onReady);
    client.on('error', onError);
  });
}

/** Sessions read with GETEX (session-store.ts), which Redis has had since 6.2. */
const MINIMUM_REDIS: readonly [number, number] = [6, 2];

/**
 * Why a Redis whose `INFO server` says this cannot serve the product, or undefined when it can (or
 * names no version: a proxy that hides INFO is given the benefit of the doubt). Found at start-up,
 * not as every signed-in request failing.
 */
export function redisVersionProblem(info: string, url: string): string | undefined {
  const version = /^redis_version:(\d+)\.(\d+)/m.exec(info);
  if (!version) return undefined;
  const [major, minor] = [Number(version[1]), Number(version[2])];
  const [needMajor, needMinor] = MINIMUM_REDIS;
  if (major > needMajor || (major === needMajor && minor >= needMinor)) return undefined;
  const host = new URL(url).host;
  return `Redis at ${host} is ${major}.${minor}; the blog needs Redis ${needMajor}.${needMinor} or newer (sessions use GETEX)`;
}

/** Fails start-up with a one-line reason when the connected Redis is too old (see redisVersionProblem). */
export async function requireRedisVersion(client: Redis, url: string): Promise<void> {
  const problem = redisVersionProblem(await client.info('server'), url);
  if (problem) throw new Error(problem);
}

/** Removes every key under `prefix:` (SCAN, never KEYS, so a shared Redis is not blocked); returns how many. */
export async function deleteKeysByPrefix(redis: Redis, prefix: string): Promise<number> {
  let deleted = 0;
  let cursor = '0';
  do {
    const [next, keys] = await redis.scan(cursor, 'MATCH', `${prefix}:*`, 'COUNT', 500);
    if (keys.length > 0) deleted += await redis.unlink(...keys);
    cursor = next;
  } while (cursor !== '0');
  return deleted;
}
