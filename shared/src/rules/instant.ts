/**
 * The one rule for a moment the blog accepts from outside (a planned publication, the dates of an
 * imported post or comment): an ISO 8601 date and time with its offset, a day and time that exist in
 * the calendar (no 30 February, no 24:00), and — once the offset is applied — a UTC moment within
 * years 1900..9999.
 *
 * Why that range: every writer of a date (the API's `toISOString()`, the contract's `date-time`, the
 * sitemap's `<lastmod>`, RSS dates) has four-digit years; a moment after 9999 in UTC comes out as
 * `+010000-…`, which the response check refuses, so one such row made whole lists answer 500. The
 * bound holds in UTC because `9999-12-31T23:30:00-23:00` is already year 10000 there. The lower end
 * (not 1970) lets a WordPress blog whose posts were backdated to, say, 1939 come in whole; nothing
 * published on a blog is older than 1900, and older years are where date parsers start to disagree.
 * Pure TypeScript: the web bundles it too.
 */

export const INSTANT_FIRST_YEAR = 1900;
export const INSTANT_LAST_YEAR = 9999;
/** 1900-01-01T00:00:00.000Z and 9999-12-31T23:59:59.999Z as milliseconds since the epoch. */
export const EARLIEST_INSTANT = Date.UTC(INSTANT_FIRST_YEAR, 0, 1);
export const LATEST_INSTANT = Date.UTC(INSTANT_LAST_YEAR + 1, 0, 1) - 1;

/** Why a text is not an accepted moment: not ISO 8601 with an offset, no such day or time, outside the years. */
export type InstantProblem = 'format' | 'calendar' | 'range';
export type InstantReading = { ok: true; date: Date } | { ok: false; problem: InstantProblem };

// Seconds and a fraction are optional (the editor may send 14:30); the offset is Z or ±HH:MM.
const ISO_INSTANT =
  /^(\d{4})-(\d{2})-(\d{2})T(\d{2}):(\d{2})(?::(\d{2})(?:\.(\d{1,9}))?)?(?:Z|([+-])(\d{2}):(\d{2}))$/;

const isLeapYear = (year: number) => (year % 4 === 0 && year % 100 !== 0) || year % 400 === 0;
const daysIn = (year: number, month: number) =>
  month === 2 ? (isLeapYear(year) ? 29 : 28) : [4, 6, 9, 11].includes(month) ? 30 : 31;

/**
 * Reads a moment by its own digits, so an impossible one is refused instead of rolled over the way
 * `new Date('2027-02-30T10:00Z')` silently makes it 2 March.
 */
export function readInstant(text: string): InstantReading {
  const match = ISO_INSTANT.exec(text);
  if (!match) return { ok: false, problem: 'format' };
  const [year, month, day, hour, minute, second = 0] = match.slice(1, 7).map((part) => Number(part ?? 0)) as [
    number,
    number,
    number,
    number,
    number,
    number,
  ];
  const millis = Number((match[7] ?? '').padEnd(3, '0').slice(0, 3));
  const offsetHours = Number(match[9] ?? 0);
  const offsetMinutes = Number(match[10] ?? 0);
  if (offsetHours > 23 || offsetMinutes > 59) return { ok: false, problem: 'format' };
  if (month < 1 || month > 12 || day < 1 || day > daysIn(year, month))
    return { ok: false, problem: 'calendar' };
  if (hour > 23 || minute > 59 || second > 59) return { ok: false, problem: 'calendar' };
  // setUTCFullYear, not Date.UTC: Date.UTC reads the years 0..99 as 1900..1999.
  const wall = new Date(0);
  wall.setUTCFullYear(year, month - 1, day);
  wall.setUTCHours(hour, minute, second, millis);
  const sign = match[8] === '-' ? -1 : 1;
  const date = new Date(wall.getTime() - sign * (offsetHours * 60 + offsetMinutes) * 60_000);
  return isAcceptedMoment(date) ? { ok: true, date } : { ok: false, problem: 'range' };
}

/** Whether a moment already read lies within the years the blog writes (1900..9999 UTC). */
export const isAcceptedMoment = (date: Date): boolean => {
  const time = date.getTime();
  return !Number.isNaN(time) && time >= EARLIEST_INSTANT && time <= LATEST_INSTANT;
};
