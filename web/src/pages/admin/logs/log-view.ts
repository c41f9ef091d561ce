import type { ImageLogEntry } from '@blog/openapi';

export type LineLevel = 'ERROR' | 'WARN' | 'INFO' | 'DEBUG';

/** The level written after the timestamp ('ISO LEVEL message'); lines without one count as INFO. */
export function levelOf(line: string): LineLevel {
  const match = /^\S+\s+(ERROR|WARN|INFO|DEBUG)\b/.exec(line);
  return (match?.[1] as LineLevel | undefined) ?? 'INFO';
}

/** Spec §2 colours (ERROR red, WARN orange, DEBUG blue, INFO green), dark enough for AA contrast on white. */
export const LEVEL_COLORS: Record<LineLevel, string> = {
  ERROR: 'red.700',
  WARN: 'orange.700',
  DEBUG: 'blue.700',
  INFO: 'green.700',
};

/** Case-insensitive substring filter over whole lines. */
export function filterLines(lines: string[], filter: string): string[] {
  const needle = filter.trim().toLocaleLowerCase('pl');
  return needle ? lines.filter((line) => line.toLocaleLowerCase('pl').includes(needle)) : lines;
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

/** Spec §2: paths under /uploads/ are served from /api/images/{filename}. */
export function imagePreviewUrl(databasePath: string): string {
  return databasePath.startsWith('/uploads/')
    ? `/api/images/${databasePath.slice('/uploads/'.length)}`
    : databasePath;
}

/** 'dd.MM.yyyy HH:mm:ss' in Polish time, or the raw text when it is not a date. */
export function formatLogDate(timestamp: string): string {
  const date = new Date(timestamp);
  if (Number.isNaN(date.getTime())) return timestamp;
  return new Intl.DateTimeFormat('pl-PL', {
    day: '2-digit',
    month: '2-digit',
    year: 'numeric',
    hour: '2-digit',
    minute: '2-digit',
    second: '2-digit',
  }).format(date);
}
