/*
 * Europe/Warsaw, the blog's time zone, as a wall clock: every date a person sees, and every day the
 * product counts (the subscriptions' daily cap), is Warsaw's, whatever the zone of the computer that
 * draws or counts it. The reader pages, the panel and the server use these same functions.
 */

/** The blog's time zone. */
export const BLOG_TIME_ZONE = 'Europe/Warsaw';

const two = (value: number) => String(value).padStart(2, '0');

export interface WallClock {
  year: number;
  /** 1–12 */
  month: number;
  day: number;
  hour: number;
  minute: number;
}

let warsawParts: Intl.DateTimeFormat | undefined;

/** What a clock in Warsaw shows at `date`, as Intl says (tens of µs a call). */
function formattedClock(date: Date): WallClock {
  warsawParts ??= new Intl.DateTimeFormat('en-GB', {
    timeZone: BLOG_TIME_ZONE,
    year: 'numeric',
    month: 'numeric',
    day: 'numeric',
    hour: 'numeric',
    minute: 'numeric',
    hourCycle: 'h23',
  });
  const parts: Record<string, number> = {};
  for (const part of warsawParts.formatToParts(date)) {
    if (part.type !== 'literal') parts[part.type] = Number(part.value);
  }
  return { year: parts.year, month: parts.month, day: parts.day, hour: parts.hour, minute: parts.minute };
}

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;
/**
 * Warsaw's offset from UTC (ms) for each UTC hour asked so far: every render draws today and the
 * same few dates again. Since 1970 Warsaw's offset only changes on a full UTC hour, so one hour has one offset.
 */
const offsets = new Map<number, number>();

/** Warsaw's offset from UTC at `time` (ms), remembered per UTC hour from 1970 on. */
export function warsawOffsetMs(time: number): number {
  const hour = Math.floor(time / HOUR);
  let offset = time >= 0 ? offsets.get(hour) : undefined;
  if (offset === undefined) {
    const clock = formattedClock(new Date(time));
    offset =
      Date.UTC(clock.year, clock.month - 1, clock.day, clock.hour, clock.minute) -
      Math.floor(time / MINUTE) * MINUTE;
    if (time >= 0) {
      if (offsets.size >= 10_000) offsets.clear();
      offsets.set(hour, offset);
    }
  }
  return offset;
}

/** What a clock in Warsaw shows at `date`. */
export function warsawClock(date: Date): WallClock {
  const time = date.getTime();
  // Before 1970 an offset may not change on a full hour (nor be whole minutes): Intl answers.
  if (time < 0) return formattedClock(date);
  const wall = new Date(time + warsawOffsetMs(time));
  return {
    year: wall.getUTCFullYear(),
    month: wall.getUTCMonth() + 1,
    day: wall.getUTCDate(),
    hour: wall.getUTCHours(),
    minute: wall.getUTCMinutes(),
  };
}

/** The day in Warsaw at `date`, as YYYY-MM-DD. */
export function warsawDay(date: Date): string {
  const { year, month, day } = warsawClock(date);
  return `${year}-${two(month)}-${two(day)}`;
}

/** 'dd.MM.yyyy', or 'dd.MM.yyyy HH:mm' with the time: a wall clock as the product writes it in figures. */
export function numericClock(clock: WallClock, withTime: boolean): string {
  const date = `${two(clock.day)}.${two(clock.month)}.${clock.year}`;
  return withTime ? `${date} ${two(clock.hour)}:${two(clock.minute)}` : date;
}

/** 'dd.MM.yyyy HH:mm' of `at` in Warsaw, as the panel shows a moment. */
export const warsawMinute = (at: Date): string => numericClock(warsawClock(at), true);
