// The logs and the line counts a reader may ask for are limits of the contract: written in the rules.
import type { LogType } from '@blog/shared/rules';
export { DEFAULT_LOG_LIMIT, LOG_LIMITS, LOG_TYPES, type LogLimit, type LogType } from '@blog/shared/rules';

export const LOG_LEVELS = ['ERROR', 'WARN', 'INFO', 'DEBUG'] as const;
export type LogLevel = (typeof LOG_LEVELS)[number];

/** Each log keeps at most this many entries; every write trims to it. */
export const LOG_CAP = 10_000;

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
