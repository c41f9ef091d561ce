import type { Redis } from 'ioredis';
import { endOfWarsawDay, warsawDay } from './warsaw-day.ts';

/**
 * Check and take one slot in one step, so no burst across any number of API processes admits
 * one more than the limit: Redis runs a script alone. Returns { taken (1|0), count after }.
 * A missing counter (a new day, or Redis restarted without its data) is not taken as 0: without
 * ARGV[3] the script answers { -1, 0 }, and the caller runs it again with the day's count as the
 * database recorded it, which seeds the counter unless another process seeded it first.
 * The key expires an hour after its day ends (the day is in the key, so that is only cleanup).
 */
const TAKE_SLOT = `
local stored = redis.call('GET', KEYS[1])
if not stored then
  if not ARGV[3] then return {-1, 0} end
  redis.call('SET', KEYS[1], ARGV[3], 'EXAT', ARGV[2])
  stored = ARGV[3]
end
local current = tonumber(stored)
if current >= tonumber(ARGV[1]) then return {0, current} end
local count = redis.call('INCR', KEYS[1])
redis.call('EXPIREAT', KEYS[1], ARGV[2])
return {1, count}
`;

/** Gives a slot back (the database write failed); never below zero, e.g. after an admin's reset. */
const RELEASE_SLOT = `
local current = tonumber(redis.call('GET', KEYS[1]) or '0')
if current <= 0 then return 0 end
return redis.call('DECR', KEYS[1])
`;

const EXPIRY_MARGIN_SECONDS = 3600;

export interface DailyCap {
  /** Today's Warsaw day, 'YYYY-MM-DD'. */
  day: string;
  /** The Redis key of today's counter. */
  key: string;
  /** Seconds until the day ends (Retry-After when the cap is reached). */
  secondsLeft: number;
  /** Today's count (the recorded one, seeding the counter, when Redis has none). */
  count(): Promise<number>;
  /** Takes a slot when fewer than `limit` are taken; the count after the attempt. */
  take(limit: number): Promise<{ taken: boolean; count: number }>;
  release(): Promise<void>;
  reset(): Promise<void>;
}

/** The Redis key of the counter of `day` ('YYYY-MM-DD', Warsaw). */
export const dailyCountKey = (redisPrefix: string, day: string) =>
  `${redisPrefix}:subscriptions:daily-count:${day}`;

/**
 * `recorded(day)`: the day's count as the database keeps it (subscription_logs), asked only when the
 * Redis counter is missing.
 */
export function dailyCap(
  redis: Redis,
  redisPrefix: string,
  now: Date,
  recorded: (day: string) => Promise<number>,
): DailyCap {
  const day = warsawDay(now);
  const end = endOfWarsawDay(now);
  const key = dailyCountKey(redisPrefix, day);
  const expireAt = String(Math.ceil(end.getTime() / 1000) + EXPIRY_MARGIN_SECONDS);
  return {
    day,
    key,
    secondsLeft: Math.max(1, Math.ceil((end.getTime() - now.getTime()) / 1000)),
    async count() {
      const stored = await redis.get(key);
      if (stored !== null) return Number(stored);
      const count = await recorded(day);
      await redis.set(key, String(count), 'EXAT', Number(expireAt), 'NX');
      return count;
    },
    async take(limit) {
      const run = async (...seed: string[]) =>
        (await redis.eval(TAKE_SLOT, 1, key, String(limit), expireAt, ...seed)) as [number, number];
      let [taken, count] = await run();
      if (taken === -1) [taken, count] = await run(String(await recorded(day)));
      return { taken: taken === 1, count };
    },
    async release() {
      await redis.eval(RELEASE_SLOT, 1, key);
    },
    async reset() {
      await redis.set(key, '0', 'EXAT', Number(expireAt));
    },
  };
}
