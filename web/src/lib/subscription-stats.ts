import type { SubscriptionStats } from '@blog/shared';

/** How much of today's cap is used, as a whole percentage from 0 to 100 (the blocked view and the settings bar). */
export function usagePercent({ todayCount, limit }: Pick<SubscriptionStats, 'todayCount' | 'limit'>): number {
  if (limit <= 0) return 100;
  return Math.min(100, Math.max(0, Math.round((todayCount / limit) * 100)));
}

/** Subscriptions still possible today; never negative (the counter can pass a limit lowered during the day). */
export function remainingSubscriptions({
  todayCount,
  limit,
}: Pick<SubscriptionStats, 'todayCount' | 'limit'>): number {
  return Math.max(0, limit - todayCount);
}
