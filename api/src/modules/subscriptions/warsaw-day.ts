import { warsawDay, warsawOffsetMs } from '@blog/shared/warsaw-clock';

/*
 * The daily subscription cap counts days in Poland, whatever the server's time zone: Warsaw's wall
 * clock is @blog/shared/warsaw-clock's, the one the pages and the panel show.
 */
export { warsawDay, warsawMinute } from '@blog/shared/warsaw-clock';

/** The instant the Warsaw day of `at` ends (its next local midnight). */
export function endOfWarsawDay(at: Date): Date {
  const [year, month, day] = warsawDay(at).split('-').map(Number) as [number, number, number];
  const midnightAsUtc = Date.UTC(year, month - 1, day + 1);
  // Time changes happen at 2–3 a.m., so the offset just before midnight is the one at midnight.
  return new Date(midnightAsUtc - warsawOffsetMs(midnightAsUtc - 60_000));
}
