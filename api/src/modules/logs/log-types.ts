/** The four capped logs, one tab each on the Logs screen. */
export const LOG_TYPES = ['application', 'system', 'error', 'images'] as const;
export type LogType = (typeof LOG_TYPES)[number];

export const LOG_LEVELS = ['ERROR', 'WARN', 'INFO', 'DEBUG'] as const;
export type LogLevel = (typeof LOG_LEVELS)[number];

/** Each log keeps at most this many entries; every write trims to it. */
export const LOG_CAP = 10_000;

/** Line counts the Logs screen offers; 100 by default. */
export const LOG_LIMITS = [50, 100, 200, 500, 1000] as const;
export type LogLimit = (typeof LOG_LIMITS)[number];
export const DEFAULT_LOG_LIMIT: LogLimit = 100;

/** One structured entry of the images log (contract ImageLogEntry). */
export interface ImageLogEntry {
  timestamp: string;
  originalFilename: string;
  /** The stored path, /uploads/{file}. */
  databasePath: string;
  postTitle: string | null;
}

/** Values a caller may attach to an entry; anything else (objects, errors) is flattened by the caller. */
export type LogFields = Record<string, string | number | boolean | null>;

/** Redis stream of one log, under the deployment's prefix. */
export const logKey = (redisPrefix: string, type: LogType) => `${redisPrefix}:logs:${type}`;
