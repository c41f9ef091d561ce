/** The four capped logs (tabs of the Logs screen). */
export const LOG_TYPES = ['application', 'system', 'error', 'images'] as const;
export type LogType = (typeof LOG_TYPES)[number];

/** Line counts the Logs screen offers; 100 by default. */
export const LOG_LIMITS = [50, 100, 200, 500, 1000] as const;
export type LogLimit = (typeof LOG_LIMITS)[number];
export const DEFAULT_LOG_LIMIT: LogLimit = 100;

/** GET /admin/logs answers these for a wrong `type` or `limit`. */
export const LOG_QUERY_MESSAGES = {
  type: `Nieprawidłowy rodzaj logów (${LOG_TYPES.slice(0, -1).join(', ')} lub ${LOG_TYPES.at(-1)!})`,
  limit: `Liczba linii musi wynosić ${LOG_LIMITS.join(', ')}`,
} as const;
