import { randomUUID } from 'node:crypto';
import type { Db, Deps } from '../../deps.ts';
import { SETTING_KEYS } from '../settings/setting-keys.ts';
import { readSettings } from '../settings/settings.service.ts';
import { writeSettings } from '../settings/write-settings.ts';

/**
 * New subscriptions allowed per day (Europe/Warsaw) until an admin sets another value.
 * 100 is enough for a small blog and low enough that a bot cannot flood the list.
 */
export const DEFAULT_DAILY_SUBSCRIPTION_LIMIT = 100;

export async function readDailyLimit(db: Db): Promise<number> {
  const stored = (await readSettings(db, [SETTING_KEYS.subscriptionDailyLimit])).get(
    SETTING_KEYS.subscriptionDailyLimit,
  );
  const limit = Number(stored);
  return Number.isInteger(limit) && limit >= 1 ? limit : DEFAULT_DAILY_SUBSCRIPTION_LIMIT;
}

/** Redis key whose value changes whenever the stored limit does (every process compares it). */
export const dailyLimitStampKey = (redisPrefix: string) => `${redisPrefix}:subscriptions:daily-limit-stamp`;

/** Writes the limit, then tells every API process that its remembered value is stale. */
export async function writeDailyLimit(db: Db & Pick<Deps, 'redis' | 'config'>, limit: number): Promise<void> {
  await writeSettings(db, [{ key: SETTING_KEYS.subscriptionDailyLimit, value: String(limit) }]);
  await markDailyLimitChanged(db);
}

/**
 * A fresh random stamp rather than a counter: a Redis that lost its data (stamp gone) or a stamp
 * written again after a flush can never look like the value a process remembered.
 */
export async function markDailyLimitChanged(deps: Pick<Deps, 'redis' | 'config'>): Promise<void> {
  await deps.redis.set(dailyLimitStampKey(deps.config.REDIS_PREFIX), randomUUID());
}

/**
 * The limit as this process last read it from PostgreSQL, tagged with the stamp Redis held just
 * before that read. A caller hands in the stamp it read now (in the same round trip as the day's
 * counter); the same stamp means no save happened since, so no query is needed. The stamp is read
 * before the database, so a save racing with the read can only cause one extra read later.
 */
export class DailyLimitCache {
  private known: { stamp: string | null; limit: Promise<number> } | undefined;

  constructor(private readonly db: Db) {}

  limitFor(stamp: string | null): Promise<number> {
    if (this.known && this.known.stamp === stamp) return this.known.limit;
    const entry = { stamp, limit: readDailyLimit(this.db) };
    this.known = entry;
    entry.limit.catch(() => {
      if (this.known === entry) this.known = undefined;
    });
    return entry.limit;
  }
}

const caches = new WeakMap<object, DailyLimitCache>();

/** The process's one cache for these connections (keyed like the public cache: one per Redis client). */
export function dailyLimitCache(deps: Pick<Deps, 'sequelize' | 'redis'>): DailyLimitCache {
  let cache = caches.get(deps.redis);
  if (!cache) {
    cache = new DailyLimitCache({ sequelize: deps.sequelize });
    caches.set(deps.redis, cache);
  }
  return cache;
}
