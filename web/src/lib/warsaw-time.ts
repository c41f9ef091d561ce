import { warsawClock, warsawOffsetMs } from '@blog/shared/warsaw-clock';
import { MONTHS_GENITIVE } from './dates.ts';

/*
 * Planned publications are picked and shown in Europe/Warsaw (the blog's time), whatever zone the
 * editor's computer is in. `local` is the value of an <input type="datetime-local">: YYYY-MM-DDTHH:mm.
 * The wall clock and the offset are dates.ts's (one per UTC hour, remembered).
 */

const warsawWallClock = (instant: number) => warsawClock(new Date(instant));

/** `2026-11-25T15:30` in Warsaw → the ISO instant; null for anything else. */
export function warsawLocalToIso(local: string): string | null {
  const match = /^(\d{4})-(\d{2})-(\d{2})T(\d{2}):(\d{2})$/.exec(local);
  if (!match) return null;
  const [, y, mo, d, h, mi] = match.map(Number) as [number, number, number, number, number, number];
  const naive = Date.UTC(y, mo - 1, d, h, mi);
  let instant = naive - warsawOffsetMs(naive);
  // Around a change of time the offset at the guess may differ from the offset at the answer.
  instant = naive - warsawOffsetMs(instant);
  return new Date(instant).toISOString();
}

const pad = (value: number) => String(value).padStart(2, '0');

/** An instant → the datetime-local value showing it in Warsaw. */
export function isoToWarsawLocal(iso: string): string {
  const wall = warsawWallClock(new Date(iso).getTime());
  return `${wall.year}-${pad(wall.month)}-${pad(wall.day)}T${pad(wall.hour)}:${pad(wall.minute)}`;
}

/** In words, Warsaw time: „25 listopada 2026 o 15:30”. */
export function formatPlannedMoment(iso: string): string {
  const wall = warsawWallClock(new Date(iso).getTime());
  return `${wall.day} ${MONTHS_GENITIVE[wall.month - 1]} ${wall.year} o ${pad(wall.hour)}:${pad(wall.minute)}`;
}

/** The admin list's and the dashboard's status of a planned post. */
export const scheduledLabel = (iso: string) => `Zaplanowany na ${formatPlannedMoment(iso)}`;
