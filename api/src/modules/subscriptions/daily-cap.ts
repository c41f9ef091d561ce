import { randomUUID } from 'node:crypto';
import type { Redis } from 'ioredis';
import { endOfWarsawDay, warsawDay } from './warsaw-day.ts';

/**
 * Check and take one slot in one step, so no burst across any number of API processes admits
 * one more than the limit: Redis runs a script alone. A slot is first a lease (a member of the
 * sorted set KEYS[2], scored by when it runs out) and becomes part of the committed counter KEYS[1]
 * only once the database write committed (CONFIRM_SLOT). A process that dies between the two loses
 * nothing for good: its lease runs out and the slot is free again (a plain counter kept it taken
 * until the day ended). Taken = committed + live leases.
 * A missing counter (a new day, or Redis restarted without its data) is not taken as 0: without
 * ARGV[5] the script answers { -1, 0 }, and the caller runs it again with the day's count as the
 * database recorded it, which seeds the counter unless another process seeded it first.
 * ARGV: limit, key expiry (unix seconds), lease length (ms), lease id, [seed]. The time is Redis's own,
 * so processes with skewed clocks agree on which leases ran out.
 * The keys expire an hour after their day ends (the day is in the key, so that is only cleanup).
 */
const TAKE_SLOT = `
local stored = redis.call('GET', KEYS[1])
if not stored then
  if not ARGV[5] then return {-1, 0} end
  redis.call('SET', KEYS[1], ARGV[5], 'EXAT', ARGV[2])
  stored = ARGV[5]
end
local time = redis.call('TIME')
local now = tonumber(time[1]) * 1000 + math.floor(tonumber(time[2]) / 1000)
redis.call('ZREMRANGEBYSCORE', KEYS[2], '-inf', now)
local current = tonumber(stored) + redis.call('ZCARD', KEYS[2])
if current >= tonumber(ARGV[1]) then return {0, current} end
redis.call('ZADD', KEYS[2], now + tonumber(ARGV[3]), ARGV[4])
redis.call('EXPIREAT', KEYS[2], ARGV[2])
return {1, current + 1}
`;

/**
 * The write committed: the lease becomes part of the counter. Counted even when the lease ran out
 * meanwhile (a slow write): the row exists, and the database's own count had the last word on the
 * limit inside that write.
 */
const CONFIRM_SLOT = `
redis.call('ZREM', KEYS[2], ARGV[1])
if redis.call('EXISTS', KEYS[1]) == 0 then return 0 end
return redis.call('INCR', KEYS[1])
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
  /** Takes a slot (a lease) when fewer than `limit` are taken; the count after the attempt. */
  take(limit: number): Promise<Slot>;
  reset(): Promise<void>;
}

export interface Slot {
  taken: boolean;
  count: number;
  /** The write committed: the slot is counted for the day. */
  confirm(): Promise<void>;
  /** The write failed: the slot is free again at once (unconfirmed, it would come back when its lease ran out). */
  release(): Promise<void>;
}

/** The Redis key of the counter of `day` ('YYYY-MM-DD', Warsaw). */
export const dailyCountKey = (redisPrefix: string, day: string) =>
  `${redisPrefix}:subscriptions:daily-count:${day}`;

/** The sorted set of the day's slots taken but not yet committed (member: lease id, score: its end). */
export const dailyLeasesKey = (redisPrefix: string, day: string) =>
  `${redisPrefix}:subscriptions:daily-leases:${day}`;

/**
 * `recorded(day)`: the day's count as the database keeps it (subscription_logs), asked only when the
 * Redis counter is missing. `leaseMs`: how long a taken slot waits for its commit before it is free
 * again (SUBSCRIPTION_SLOT_LEASE_MS).
 */
export function dailyCap(
  redis: Redis,
  redisPrefix: string,
  now: Date,
  recorded: (day: string) => Promise<number>,
  leaseMs: number,
): DailyCap {
  const day = warsawDay(now);
  const end = endOfWarsawDay(now);
  const key = dailyCountKey(redisPrefix, day);
  const leases = dailyLeasesKey(redisPrefix, day);
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
      const lease = randomUUID();
      const run = async (...seed: string[]) =>
        (await redis.eval(
          TAKE_SLOT,
          2,
          key,
          leases,
          String(limit),
          expireAt,
          String(leaseMs),
          lease,
          ...seed,
        )) as [number, number];
      let [taken, count] = await run();
      if (taken === -1) [taken, count] = await run(String(await recorded(day)));
      return {
        taken: taken === 1,
        count,
        confirm: async () => {
          await redis.eval(CONFIRM_SLOT, 2, key, leases, lease);
        },
        release: async () => {
          await redis.zrem(leases, lease);
        },
      };
    },
    async reset() {
      await redis.set(key, '0', 'EXAT', Number(expireAt));
    },
  };
}
