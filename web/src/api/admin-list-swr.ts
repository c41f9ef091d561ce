import type { SWRConfiguration } from 'swr';

/**
 * The paged admin lists (users, subscriptions): unlike the app's „never stale” default, a page is read
 * again whenever it is shown (its cached copy stays on screen meanwhile), so a change made on another
 * page or screen (a delete, the dashboard's count) never shows an old copy; a change refetches only the
 * page on screen.
 */
export const ADMIN_LIST_SWR: SWRConfiguration = {
  keepPreviousData: true,
  revalidateOnMount: true,
  revalidateIfStale: true,
  dedupingInterval: 1000,
};
