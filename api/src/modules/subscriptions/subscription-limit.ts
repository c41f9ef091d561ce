import type { Db } from '../../deps.ts';
import { SETTING_KEYS } from '../settings/setting-keys.ts';
import { readSettings } from '../settings/settings.service.ts';
import { writeSettings } from '../settings/write-settings.ts';

/**
 * New subscriptions allowed per day (Europe/Warsaw) until an admin sets another value. The spec
 * leaves it open; 100 is enough for a small blog and low enough that a bot cannot flood the list.
 */
export const DEFAULT_DAILY_SUBSCRIPTION_LIMIT = 100;

export async function readDailyLimit(db: Db): Promise<number> {
  const stored = (await readSettings(db, [SETTING_KEYS.subscriptionDailyLimit])).get(
    SETTING_KEYS.subscriptionDailyLimit,
  );
  const limit = Number(stored);
  return Number.isInteger(limit) && limit >= 1 ? limit : DEFAULT_DAILY_SUBSCRIPTION_LIMIT;
}

export async function writeDailyLimit(db: Db, limit: number): Promise<void> {
  await writeSettings(db, [{ key: SETTING_KEYS.subscriptionDailyLimit, value: String(limit) }]);
}
