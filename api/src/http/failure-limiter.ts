import type { Redis } from 'ioredis';
import { RateLimiterRedis } from 'rate-limiter-flexible';
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

export interface FailureLimiter {
  /** Throws a rate_limited error (with Retry-After) while `key` is blocked. */
  check(key: string): Promise<void>;
  /** Counts one failure; the one that reaches the limit blocks the key for a growing time. */
  fail(key: string): Promise<void>;
  /** Forgets the failures and past blocks of `key` (after a success). */
  reset(key: string): Promise<void>;
}

const DAY_SECONDS = 24 * 60 * 60;

/**
 * Consecutive-failure limits on Redis (shared by every API process), for sign-in: failures are
 * counted only when they happen, so a person who types the right password is never slowed down,
 * while a guesser meets blocks that double each time (base, 2×base, 4×base, ... up to the cap).
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

  return {
    async check(key) {
      const state = await failures.get(key);
      if (state && state.consumedPoints > rule.maxFailures) {
        throw rateLimited(rule.message, state.msBeforeNext / 1000);
      }
    },
    async fail(key) {
      const state = await failures.penalty(key);
      if (state.consumedPoints < rule.maxFailures) return;
      const repeat = (await blocks.penalty(key)).consumedPoints;
      const seconds = Math.min(rule.baseBlockSeconds * 2 ** (repeat - 1), rule.maxBlockSeconds);
      // block() marks the key as consumed beyond its points for `seconds`; check() then refuses it.
      await failures.block(key, seconds);
    },
    async reset(key) {
      await Promise.all([failures.delete(key), blocks.delete(key)]);
    },
  };
}
