/*
 * No date library here: these run on every reader page, and date-fns with its Polish locale was
 * ~6 kB gzip of the first download. The platform's Intl covers time zones and relative time.
 *
 * Every date is shown as it is in Europe/Warsaw, the blog's time zone, whatever the zone of the
 * computer that draws it: the server renders a page and the browser hydrates it with the same text.
 */
import { numericClock, type WallClock, warsawClock } from '@blog/shared/warsaw-clock';

/** Month names in the genitive, as a Polish date says them: „5 marca”. */
export const MONTHS_GENITIVE = [
  'stycznia',
  'lutego',
  'marca',
  'kwietnia',
  'maja',
  'czerwca',
  'lipca',
  'sierpnia',
  'września',
  'października',
  'listopada',
  'grudnia',
];
const two = (value: number) => String(value).padStart(2, '0');

/** The few patterns the site uses; no formatting library in the reader's download. */
function format(clock: WallClock, pattern: 'dd.MM.yyyy' | 'dd MMMM yyyy' | 'dd.MM.yyyy HH:mm'): string {
  if (pattern === 'dd MMMM yyyy')
    return `${two(clock.day)} ${MONTHS_GENITIVE[clock.month - 1]} ${clock.year}`;
  return numericClock(clock, pattern === 'dd.MM.yyyy HH:mm');
}

export type DateInput = string | number | Date | null | undefined;

/** A bare calendar date (2025-03-05) names a day, not an instant: it is shown as that day. */
const CALENDAR_DAY = /^(\d{4})-(\d{2})-(\d{2})$/;

function toDate(value: DateInput): Date | null {
  if (value === null || value === undefined || value === '') return null;
  const date = new Date(typeof value === 'string' && CALENDAR_DAY.test(value) ? `${value}T12:00:00Z` : value);
  return Number.isNaN(date.getTime()) ? null : date;
}

/** The wall clock in Warsaw for `value`; a bare calendar date stays its own day. */
function toClock(value: DateInput): WallClock | null {
  if (typeof value === 'string') {
    const day = CALENDAR_DAY.exec(value);
    if (day) {
      const [year, month, date] = [Number(day[1]), Number(day[2]), Number(day[3])];
      const check = new Date(Date.UTC(year, month - 1, date));
      if (check.getUTCMonth() !== month - 1 || check.getUTCDate() !== date) return null;
      return { year, month, day: date, hour: 0, minute: 0 };
    }
  }
  const date = toDate(value);
  return date ? warsawClock(date) : null;
}

function formatOr(value: DateInput, pattern: Parameters<typeof format>[1], fallback: string): string {
  const clock = toClock(value);
  return clock ? format(clock, pattern) : fallback;
}

/** Default date format: 05.03.2025. */
export function formatDate(value: DateInput, fallback = 'Data nieznana'): string {
  return formatOr(value, 'dd.MM.yyyy', fallback);
}

/** Date on post cards and the article header: 05 marca 2025. */
export function formatCardDate(value: DateInput, fallback = 'Opublikowano niedawno'): string {
  return formatOr(value, 'dd MMMM yyyy', fallback);
}

/** Date with time (comments, subscriptions): 05.03.2025 14:07. */
export function formatDateTime(value: DateInput, fallback = 'Brak daty'): string {
  return formatOr(value, 'dd.MM.yyyy HH:mm', fallback);
}

/** Relative time such as „3 dni temu”. */
export function formatRelativeTime(value: DateInput, fallback = 'Niedawno', now: Date = new Date()): string {
  const date = toDate(value);
  if (!date) return fallback;
  // A date in the future only comes from clock skew between server and browser.
  if (date.getTime() > now.getTime()) return fallback;
  const seconds = Math.round((date.getTime() - now.getTime()) / 1000);
  const units: [Intl.RelativeTimeFormatUnit, number][] = [
    ['year', 365 * 24 * 3600],
    ['month', 30 * 24 * 3600],
    ['day', 24 * 3600],
    ['hour', 3600],
    ['minute', 60],
  ];
  const [unit, size] = units.find(([, unitSeconds]) => Math.abs(seconds) >= unitSeconds) ?? ['second', 1];
  return new Intl.RelativeTimeFormat('pl', { numeric: 'always' }).format(Math.round(seconds / size), unit);
}

/** Machine-readable value for a `<time dateTime>` attribute, or undefined when the date is unusable. */
export function isoDateTime(value: DateInput): string | undefined {
  return toDate(value)?.toISOString();
}

/** The time on this computer's clock at `value`: 14:07, or 14:07:09 with seconds. */
export function localClockTime(value: number | Date, withSeconds = false): string {
  const date = new Date(value);
  const time = `${two(date.getHours())}:${two(date.getMinutes())}`;
  return withSeconds ? `${time}:${two(date.getSeconds())}` : time;
}
