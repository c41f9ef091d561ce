import type { Redis } from 'ioredis';
import { RateLimiterRedis, RateLimiterRes } from 'rate-limiter-flexible';
import { rateLimited } from '../errors.ts';

export interface FailureLimitRule {
  /** Names the counters, e.g. 'login-user-ip'. */
  name: string;
  /** Failures allowed within `windowSeconds` before the key is blocked. */
  maxFailures: number;
  windowSeconds: number;
  /** The first block; each further block of the same key within a day lasts twice as long. */
  baseBlockSeconds: number;
  maxBlockSeconds: number;
  /** Shown to the person who is blocked. */
  message: string;
}

/** One attempt taken before a secret is checked; it counts as a failure until it is settled otherwise. */
export interface FailureAttempt {
  /** The secret was wrong: the attempt stays counted, and the one that used the last attempt blocks. */
  failed(): Promise<void>;
  /** The secret was right, or was never checked: the attempt is given back. */
  refund(): Promise<void>;
}

export interface FailureLimiter {
  /**
   * Takes one attempt for `key` in one atomic Redis step, before the secret is checked, and throws
   * a rate_limited error (with Retry-After) when none is left: however many requests arrive at
   * once, at most `maxFailures` of them ever reach the check.
   */
  attempt(key: string): Promise<FailureAttempt>;
  /** Forgets the failures and past blocks of `key` (after a success). */
  reset(key: string): Promise<void>;
}

const DAY_SECONDS = 24 * 60 * 60;

/**
 * Gives one attempt back, but never below zero, never to a key that is gone (reset or expired,
 * where a decrement would start a new window one attempt short of zero) and never to a blocked key
 * (whose count lies above the limit until the block ends). DECR keeps the key's expiry.
 */
const REFUND_SCRIPT = `
local count = tonumber(redis.call('get', KEYS[1]))
if count and count > 0 and count <= tonumber(ARGV[1]) then
  return redis.call('decr', KEYS[1])
end
return count
`;

/**
 * Consecutive-failure limits on Redis (shared by every API process), for sign-in and the current
 * password: each attempt takes a point before the password is checked (rate-limiter-flexible's
 * consume, one Lua script), a right password gives it back, so a person who types it right is
 * never slowed down, while a guesser meets blocks that double each time (base, 2×base, 4×base, ...
 * up to the cap).
 */
export function createFailureLimiter(
  redis: Redis,
  redisPrefix: string,
  rule: FailureLimitRule,
): FailureLimiter {
  const failures = new RateLimiterRedis({
    storeClient: redis,
    keyPrefix: `${redisPrefix}:rl:${rule.name}`,
    points: rule.maxFailures,
    duration: rule.windowSeconds,
  });
  const blocks = new RateLimiterRedis({
    storeClient: redis,
    keyPrefix: `${redisPrefix}:rl:${rule.name}:blocks`,
    points: Number.MAX_SAFE_INTEGER,
    duration: DAY_SECONDS,
  });

  const block = async (key: string) => {
    const repeat = (await blocks.penalty(key)).consumedPoints;
    const seconds = Math.min(rule.baseBlockSeconds * 2 ** (repeat - 1), rule.maxBlockSeconds);
    // block() marks the key as consumed beyond its points for `seconds`; consume() then refuses it.
    await failures.block(key, seconds);
  };

  return {
    async attempt(key) {
      let taken: RateLimiterRes;
      try {
        taken = await failures.consume(key);
      } catch (err) {
        if (err instanceof RateLimiterRes) throw rateLimited(rule.message, err.msBeforeNext / 1000);
        throw err;
      }
      let settled = false;
      const settle = () => {
        if (settled) throw new Error(`failure attempt ${rule.name} settled twice`);
        settled = true;
      };
      return {
        async failed() {
          settle();
          // The attempt that took the last point and failed is the one that starts the block.
          if (taken.consumedPoints >= rule.maxFailures) await block(key);
        },
        async refund() {
          settle();
          await redis.eval(REFUND_SCRIPT, 1, failures.getKey(key), rule.maxFailures);
        },
      };
    },
    async reset(key) {
      await Promise.all([failures.delete(key), blocks.delete(key)]);
    },
  };
}

/**
 * One attempt from each of several limiters (say per address and per account): all are taken at
 * once, and when any refuses, the others get theirs back, so a refused request counts nowhere.
 */
export async function attemptAll(attempts: Array<Promise<FailureAttempt>>): Promise<FailureAttempt> {
  const results = await Promise.allSettled(attempts);
  const taken = results.flatMap((result) => (result.status === 'fulfilled' ? [result.value] : []));
  const refused = results.find((result) => result.status === 'rejected');
  if (refused) {
    await Promise.all(taken.map((attempt) => attempt.refund()));
    throw refused.reason;
  }
  return {
    failed: async () => {
      await Promise.all(taken.map((attempt) => attempt.failed()));
    },
    refund: async () => {
      await Promise.all(taken.map((attempt) => attempt.refund()));
    },
  };
}

/**
 * Runs `work` as one attempt of `limiter` for `key`: an error that `isFailure` recognises counts
 * (say a 'taken' answer), anything else, a success or another error, is given back.
 */
export async function countFailures<T>(
  limiter: FailureLimiter,
  key: string,
  isFailure: (err: unknown) => boolean,
  work: () => Promise<T>,
): Promise<T> {
  const attempt = await limiter.attempt(key);
  let result: T;
  try {
    result = await work();
  } catch (err) {
    await (isFailure(err) ? attempt.failed() : attempt.refund());
    throw err;
  }
  await attempt.refund();
  return result;
}
