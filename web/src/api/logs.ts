import type { LogsResponse, LogType } from '@blog/shared';
import type { LogLimit } from '@blog/shared/rules';
import useSWR from 'swr';
import { api, unwrap } from './client.ts';

/** The line counts the contract accepts (its LogLines enum is written from the same rules). */
export type LogLineCount = LogLimit;

const logsKey = (type: LogType, limit: LogLineCount) => ['admin-logs', type, limit] as const;

/** One log's newest `limit` lines (admin only); `refresh` reads them again (the `_t` cache-buster). */
export function useLogs(type: LogType, limit: LogLineCount) {
  const { data, error, isLoading, isValidating, mutate } = useSWR<LogsResponse, Error>(
    logsKey(type, limit),
    () => unwrap(api.GET('/admin/logs', { params: { query: { type, limit, _t: Date.now() } } })),
  );
  return { logs: data, error, isLoading, isValidating, refresh: () => mutate() };
}

/** Empties one log on the server. */
export async function clearLogs(type: LogType): Promise<void> {
  await unwrap(api.POST('/admin/logs/clear', { body: { type } }));
}
