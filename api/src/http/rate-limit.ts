import type { RequestHandler } from 'express';
import type { Redis } from 'ioredis';
import { RateLimiterMemory, RateLimiterRedis, RateLimiterRes } from 'rate-limiter-flexible';
import { rateLimited } from '../errors.ts';
import { clientNetwork } from './client-network.ts';

export interface RateLimitRule {
  /** Names the counter, e.g. 'comments'. */
  name: string;
  points: number;
  durationSeconds: number;
  /** Shown to the person who hit the limit. */
  message: string;
}

export interface RateLimiter {
  /** Takes one point for `key`; throws a rate_limited domain error when none is left. */
  consume(key: string): Promise<void>;
  /** Takes one point for `key` when one is left: true, else false (for limits that stay silent). */
  tryConsume(key: string): Promise<boolean>;
}

/**
 * Counters live in Redis so every API process shares them; while Redis is away an in-memory
 * limiter per process takes over rather than letting everything through or failing every request.
 */
export function createRateLimiter(redis: Redis, redisPrefix: string, rule: RateLimitRule): RateLimiter {
  const limiter = new RateLimiterRedis({
    storeClient: redis,
    keyPrefix: `${redisPrefix}:rl:${rule.name}`,
    points: rule.points,
    duration: rule.durationSeconds,
    insuranceLimiter: new RateLimiterMemory({ points: rule.points, duration: rule.durationSeconds }),
  });
  return {
    async consume(key) {
      try {
        await limiter.consume(key);
      } catch (err) {
        if (err instanceof RateLimiterRes) throw rateLimited(rule.message, err.msBeforeNext / 1000);
        throw err;
      }
    },
    async tryConsume(key) {
      try {
        await limiter.consume(key);
        return true;
      } catch (err) {
        if (err instanceof RateLimiterRes) return false;
        throw err;
      }
    },
  };
}

/**
 * Rate limit by client network (the IP Express resolves through `trust proxy`; for IPv6 its /64), so
 * one client cannot get a fresh allowance from each address of its own network.
 */
export const rateLimitByNetwork =
  (limiter: RateLimiter): RequestHandler =>
  async (req, _res, next) => {
    await limiter.consume(clientNetwork(req.ip));
    next();
  };
