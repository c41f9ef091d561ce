import type { Deps } from '../../deps.ts';
import { escapeControls, scrubFields, scrubMessage } from './log-scrub.ts';
import {
  type ImageLogEntry,
  LOG_CAP,
  type LogFields,
  type LogLevel,
  type LogType,
  logKey,
} from './log-types.ts';

/**
 * The one writer and reader of the capped logs, used by the API and (through `@blog/api/logs`) the
 * worker. Each log is a Redis stream; XADD with an exact MAXLEN appends and trims in one atomic
 * command, so however many processes write at once a log never holds more than LOG_CAP entries and
 * the ones dropped are always the oldest.
 */
export type LogDeps = Pick<Deps, 'redis' | 'config' | 'clock' | 'logger'>;

/** A stored entry as read back. */
export interface LogEntry {
  time: string;
  level: LogLevel;
  message: string;
  fields?: LogFields;
  image?: ImageLogEntry;
}

async function add(deps: LogDeps, type: LogType, values: string[]): Promise<boolean> {
  try {
    await deps.redis.xadd(logKey(deps.config.REDIS_PREFIX, type), 'MAXLEN', LOG_CAP, '*', ...values);
    return true;
  } catch (err) {
    // A lost log line must never fail the request or job that wrote it; pino still has it.
    deps.logger.warn({ logType: type, err: (err as Error).message }, 'capped log write failed');
    return false;
  }
}

/**
 * Appends one entry. The message is cut to one line of at most 1,000 characters with credentials
 * masked, and fields whose name suggests a secret or a body are dropped: never pass a password,
 * token or e-mail body here anyway. Resolves to false (after a pino warning) when Redis refused.
 */
export function appendLog(
  deps: LogDeps,
  type: LogType,
  level: LogLevel,
  message: string,
  fields?: LogFields,
): Promise<boolean> {
  const values = ['t', deps.clock.now().toISOString(), 'l', level, 'm', scrubMessage(message)];
  const kept = scrubFields(fields);
  if (kept) values.push('f', JSON.stringify(kept));
  return add(deps, type, values);
}

/** Appends a structured entry to the images log: an upload stored for a post. */
export function appendImageLog(
  deps: LogDeps,
  entry: Omit<ImageLogEntry, 'timestamp'> & { timestamp?: string },
): Promise<boolean> {
  const image: ImageLogEntry = {
    timestamp: entry.timestamp ?? deps.clock.now().toISOString(),
    originalFilename: scrubMessage(entry.originalFilename).slice(0, 255),
    databasePath: scrubMessage(entry.databasePath).slice(0, 500),
    postTitle: entry.postTitle === null ? null : scrubMessage(entry.postTitle).slice(0, 255),
  };
  const message = `${image.databasePath} (Post: ${image.postTitle ?? '—'})`;
  return add(deps, 'images', ['t', image.timestamp, 'l', 'INFO', 'm', message, 'i', JSON.stringify(image)]);
}

const isLevel = (value: string | undefined): value is LogLevel =>
  value === 'ERROR' || value === 'WARN' || value === 'INFO' || value === 'DEBUG';

function parseJson<T>(value: string | undefined): T | undefined {
  if (value === undefined) return undefined;
  try {
    return JSON.parse(value) as T;
  } catch {
    return undefined;
  }
}

function toEntry(values: string[]): LogEntry {
  const map = new Map<string, string>();
  for (let i = 0; i + 1 < values.length; i += 2) map.set(values[i]!, values[i + 1]!);
  const level = map.get('l');
  return {
    time: map.get('t') ?? '',
    level: isLevel(level) ? level : 'INFO',
    message: map.get('m') ?? '',
    fields: parseJson<LogFields>(map.get('f')),
    image: parseJson<ImageLogEntry>(map.get('i')),
  };
}

/** The newest `limit` entries, newest first, and how many the log holds. */
export async function readLog(
  deps: Pick<Deps, 'redis' | 'config'>,
  type: LogType,
  limit: number,
): Promise<{ entries: LogEntry[]; total: number }> {
  const key = logKey(deps.config.REDIS_PREFIX, type);
  const [rows, total] = await Promise.all([
    deps.redis.xrevrange(key, '+', '-', 'COUNT', limit),
    deps.redis.xlen(key),
  ]);
  return { entries: rows.map(([, values]) => toEntry(values)), total };
}

/** Empties one log; the others are untouched. */
export async function clearLog(deps: Pick<Deps, 'redis' | 'config'>, type: LogType): Promise<void> {
  await deps.redis.del(logKey(deps.config.REDIS_PREFIX, type));
}

/** Who and from where, when the entry says: ' [użytkownik: X, IP: Y]'. */
function actorSuffix(fields: LogFields | undefined): string {
  if (!fields) return '';
  const who = fields.user ?? fields.by ?? fields.account;
  const parts = [
    who === undefined || who === null ? null : `użytkownik: ${String(who)}`,
    fields.ip === undefined || fields.ip === null ? null : `IP: ${String(fields.ip)}`,
  ].filter((part): part is string => part !== null);
  return parts.length > 0 ? ` [${parts.join(', ')}]` : '';
}

/**
 * The line the Logs screen shows: 'ISO-timestamp LEVEL message [użytkownik: …, IP: …]', images
 * 'timestamp → path (Post: title)'. Escaped again as it is read, for entries written before the
 * writer escaped control characters (scrubMessage) or by hand.
 */
export function formatLogLine(type: LogType, entry: LogEntry): string {
  if (type === 'images' && entry.image) {
    return escapeControls(
      `${entry.image.timestamp} → ${entry.image.databasePath} (Post: ${entry.image.postTitle ?? '—'})`,
    );
  }
  return escapeControls(`${entry.time} ${entry.level} ${entry.message}${actorSuffix(entry.fields)}`);
}
