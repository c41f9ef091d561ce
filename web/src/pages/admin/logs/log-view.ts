import type { ImageLogEntry } from '@blog/shared';
import { imageSrc } from '@blog/shared/rules';
import { BLOG_TIME_ZONE } from '@blog/shared/warsaw-clock';

export type LineLevel = 'ERROR' | 'WARN' | 'INFO' | 'DEBUG';

/** The level written after the timestamp ('ISO LEVEL message'); lines without one count as INFO. */
export function levelOf(line: string): LineLevel {
  const match = /^\S+\s+(ERROR|WARN|INFO|DEBUG)\b/.exec(line);
  return (match?.[1] as LineLevel | undefined) ?? 'INFO';
}

/** Level colours (ERROR red, WARN orange, DEBUG blue, INFO green), dark enough for AA contrast on white. */
export const LEVEL_COLORS: Record<LineLevel, string> = {
  ERROR: 'red.700',
  WARN: 'orange.700',
  DEBUG: 'blue.700',
  INFO: 'green.700',
};

/** Case-insensitive substring filter over whole lines, as written or as shown (local time). */
export function filterLines(lines: string[], filter: string): string[] {
  const needle = filter.trim().toLocaleLowerCase('pl');
  const has = (text: string) => text.toLocaleLowerCase('pl').includes(needle);
  return needle ? lines.filter((line) => has(line) || has(localLogLine(line))) : lines;
}

/** Old-style image lines: 'timestamp → path (Post: title)'. */
export function parseImageLine(line: string): ImageLogEntry | null {
  const match = /^(\S+)\s+→\s+(\S+)(?:\s+\(Post:\s*(.*)\))?\s*$/.exec(line);
  if (!match) return null;
  const databasePath = match[2]!;
  return {
    timestamp: match[1]!,
    originalFilename: databasePath.split('/').at(-1) ?? databasePath,
    databasePath,
    postTitle: match[3]?.trim() || null,
  };
}

/** Structured entries when the server gives them, else the lines parsed (unparseable ones skipped). */
export function imageEntries(lines: string[], structured: ImageLogEntry[] | undefined): ImageLogEntry[] {
  if (structured && structured.length > 0) return structured;
  return lines.map(parseImageLine).filter((entry): entry is ImageLogEntry => entry !== null);
}

/** Where a logged image is shown from (stored /uploads/ paths where the API serves them). */
export function imagePreviewUrl(databasePath: string): string {
  return imageSrc(databasePath) ?? databasePath;
}

const LOG_TIME = new Intl.DateTimeFormat('pl-PL', {
  timeZone: BLOG_TIME_ZONE,
  day: '2-digit',
  month: '2-digit',
  year: 'numeric',
  hour: '2-digit',
  minute: '2-digit',
  second: '2-digit',
});

/** An ISO instant with its zone, as the server writes the first word of a log line. */
const ISO_INSTANT = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}(\.\d+)?(Z|[+-]\d{2}:\d{2})$/;

/** 'dd.MM.yyyy, HH:mm:ss' in the blog's time (Europe/Warsaw), or the raw text when it is not a date. */
export function formatLogDate(timestamp: string): string {
  const date = new Date(timestamp);
  if (!ISO_INSTANT.test(timestamp) || Number.isNaN(date.getTime())) return timestamp;
  return LOG_TIME.format(date);
}

/** A log line as shown: its leading UTC instant in the blog's time, the rest as written. */
export function localLogLine(line: string): string {
  const gap = line.search(/\s/);
  const first = gap === -1 ? line : line.slice(0, gap);
  return `${formatLogDate(first)}${gap === -1 ? '' : line.slice(gap)}`;
}
