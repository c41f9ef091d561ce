import type {
  AdminSubscriptionPage,
  ConfirmSubscriptionResult,
  operations,
  SubscribePendingResult,
  SubscribeRequest,
  SubscribeResult,
  SubscriptionStats,
  SubscriptionSettings,
  SubscriptionSettingsResult,
  SubscriptionStatsResult,
  UnsubscribeResult,
} from '@blog/shared';
import { useEffect, useRef } from 'react';
import useSWR, { mutate } from 'swr';
import { ADMIN_LIST_SWR } from './admin-list-swr.ts';
import { api, unwrap } from './client.ts';

export const SUBSCRIPTION_STATS_KEY = 'subscription-stats';
export const ADMIN_SUBSCRIPTIONS_KEY = 'admin-subscriptions';

/** The one read that is polled, every 60 s, so a reader sees the cap close without reloading. */
export const SUBSCRIPTION_STATS_POLL_MS = 60_000;

/**
 * Today's use of the daily cap. `poll` turns on the 60-second refresh (the public subscribe box). `fresh`
 * reads again on mount even when the stats are cached (the admin's settings tab must not show a count from
 * an earlier page); every other read follows the app's „never stale” default.
 */
export function useSubscriptionStats({
  poll = false,
  fresh = false,
}: { poll?: boolean; fresh?: boolean } = {}) {
  const {
    data,
    error,
    isLoading,
    mutate: reload,
  } = useSWR<SubscriptionStats, Error>(
    SUBSCRIPTION_STATS_KEY,
    () => unwrap(api.GET('/subscription-stats')),
    poll ? { refreshInterval: SUBSCRIPTION_STATS_POLL_MS } : undefined,
  );
  const cachedAtMount = useRef(data !== undefined);
  useEffect(() => {
    // Only when the mount found cached stats: otherwise SWR's own first read is already under way.
    if (fresh && cachedAtMount.current) void reload();
  }, [fresh, reload]);
  return { stats: data, error, isLoading, reload: () => reload() };
}

/** Puts the stats a write answered with into the cache, so every view shows them without another read. */
function replaceStats(stats: SubscriptionStats): Promise<unknown> {
  return mutate<SubscriptionStats>(SUBSCRIPTION_STATS_KEY, stats, { revalidate: false });
}

/** Re-reads the stats (after a refusal, e.g. the cap was reached meanwhile). */
export function refreshSubscriptionStats(): Promise<unknown> {
  return mutate(SUBSCRIPTION_STATS_KEY);
}

/**
 * Subscribes an address to a category; the answer's stats replace the cached ones. With double
 * opt-in on, the answer is `pending` instead: the subscription waits for the e-mailed link.
 */
export async function subscribe(
  request: SubscribeRequest,
): Promise<SubscribeResult | SubscribePendingResult> {
  const result = await unwrap(api.POST('/subscribe', { body: request }));
  await replaceStats(result.subscriptionStats);
  return result;
}

/** The unsubscribe link's call: a GET that changes state, so it runs once per link and never retries. */
export function useUnsubscribe(link: { email: string; category: number; token: string } | null) {
  const { data, error, isLoading } = useSWR<UnsubscribeResult, Error>(
    link ? ['unsubscribe', link.email, link.category, link.token] : null,
    () => unwrap(api.GET('/unsubscribe', { params: { query: link as NonNullable<typeof link> } })),
  );
  return { result: data, error, isLoading };
}

/** The double opt-in link's call: idempotent on the server, so a repeat does no harm; it never retries. */
export function useConfirmSubscription(token: string | null) {
  const { data, error } = useSWR<ConfirmSubscriptionResult, Error>(
    token ? ['confirm-subscription', token] : null,
    async () => {
      const result = await unwrap(api.POST('/subscribe/confirm', { body: { token: token ?? '' } }));
      await replaceStats(result.subscriptionStats);
      return result;
    },
    {
      revalidateOnFocus: false,
      revalidateOnReconnect: false,
      revalidateIfStale: false,
      shouldRetryOnError: false,
    },
  );
  return { result: data, error };
}

export const SUBSCRIPTION_SETTINGS_KEY = 'admin-subscription-settings';

/** Whether new subscriptions wait for their address's confirmation (admin). */
export function useSubscriptionSettings() {
  const {
    data,
    error,
    isLoading,
    mutate: reload,
  } = useSWR<SubscriptionSettings, Error>(SUBSCRIPTION_SETTINGS_KEY, () =>
    unwrap(api.GET('/admin/subscription-settings')),
  );
  return { settings: data, error, isLoading, reload: () => reload() };
}

export async function saveSubscriptionSettings(doubleOptIn: boolean): Promise<SubscriptionSettingsResult> {
  const result = await unwrap(api.POST('/admin/subscription-settings', { body: { doubleOptIn } }));
  await mutate<SubscriptionSettings>(
    SUBSCRIPTION_SETTINGS_KEY,
    { doubleOptIn: result.doubleOptIn },
    { revalidate: false },
  );
  return result;
}

/** The query of GET /admin/subscriptions (page, limit, q, sort, order, status, category). */
export type AdminSubscriptionsQuery = NonNullable<
  operations['adminListSubscriptions']['parameters']['query']
>;

/** Keys of every cached page of the subscriptions list (the dashboard's count too): ['admin-subscriptions', query]. */
const isAdminSubscriptionsKey = (key: unknown): boolean =>
  Array.isArray(key) && key[0] === ADMIN_SUBSCRIPTIONS_KEY;

/** A page of subscriptions (admin), searched, filtered and sorted on the server. */
export function useAdminSubscriptions(query: AdminSubscriptionsQuery, enabled = true) {
  const { data, error } = useSWR<AdminSubscriptionPage, Error>(
    enabled ? [ADMIN_SUBSCRIPTIONS_KEY, query] : null,
    () => unwrap(api.GET('/admin/subscriptions', { params: { query } })),
    ADMIN_LIST_SWR,
  );
  return { page: data, error, isLoading: enabled && !data && !error };
}

/** The CSV of the list's current filter (page and limit aside): a plain link, the browser downloads it. */
export function subscriptionsExportHref(query: AdminSubscriptionsQuery): string {
  const { page: _page, limit: _limit, ...filter } = query;
  const search = new URLSearchParams(
    Object.entries(filter)
      .filter(([, value]) => value !== undefined && value !== '')
      .map(([name, value]) => [name, String(value)]),
  ).toString();
  return `/api/admin/subscriptions/export.csv${search ? `?${search}` : ''}`;
}

export async function deleteSubscription(id: number): Promise<void> {
  await api.DELETE('/subscribe/{id}', { params: { path: { id } } });
  await mutate(isAdminSubscriptionsKey);
}

/** Sets today's counter back to 0 (admin); visitors can subscribe again at once. */
export async function resetSubscriptionCount(): Promise<SubscriptionStatsResult> {
  const result = await unwrap(api.POST('/admin/reset-subscription-count'));
  await replaceStats(result.subscriptionStats);
  return result;
}

/** Sets the daily limit; `limit` is sent as the typed text, already checked by the form. */
export async function updateSubscriptionLimit(limit: string): Promise<SubscriptionStatsResult> {
  const result = await unwrap(api.POST('/admin/update-subscription-limit', { body: { limit } }));
  await replaceStats(result.subscriptionStats);
  return result;
}
