import type { SWRConfiguration } from 'swr';

/**
 * Data handling defaults: no retries, no refetch on focus, reconnect or interval, and cached data
 * never goes stale on its own. Lists are refreshed explicitly after mutations (SWR `mutate`).
 */
export const swrDefaults: SWRConfiguration = {
  shouldRetryOnError: false,
  errorRetryCount: 0,
  revalidateOnFocus: false,
  revalidateOnReconnect: false,
  refreshInterval: 0,
  revalidateIfStale: false,
  // SWR's deduping window doubles as „how long is this fresh”: a day is „never stale” for a reading session.
  dedupingInterval: 24 * 60 * 60 * 1000,
};
