/** The daily subscription cap counts days in Poland, whatever the server's time zone. */
export const CAP_TIME_ZONE = 'Europe/Warsaw';

const dayFormat = new Intl.DateTimeFormat('en-CA', {
  timeZone: CAP_TIME_ZONE,
  year: 'numeric',
  month: '2-digit',
  day: '2-digit',
});

const partsFormat = new Intl.DateTimeFormat('en-US', {
  timeZone: CAP_TIME_ZONE,
  hourCycle: 'h23',
  year: 'numeric',
  month: 'numeric',
  day: 'numeric',
  hour: 'numeric',
  minute: 'numeric',
  second: 'numeric',
});

const minuteFormat = new Intl.DateTimeFormat('pl-PL', {
  timeZone: CAP_TIME_ZONE,
  year: 'numeric',
  month: '2-digit',
  day: '2-digit',
  hour: '2-digit',
  minute: '2-digit',
  hourCycle: 'h23',
});

/** 'dd.MM.yyyy HH:mm' of `at` in Polish time, as the panel shows a moment. */
export const warsawMinute = (at: Date): string => minuteFormat.format(at).replace(',', '');

/** 'YYYY-MM-DD' of `at` in Europe/Warsaw. */
export const warsawDay = (at: Date): string => dayFormat.format(at);

/** Warsaw's offset from UTC at `at`, in milliseconds (+1 h in winter, +2 h in summer). */
function warsawOffsetMs(at: Date): number {
  const part = (type: string) => Number(partsFormat.formatToParts(at).find((p) => p.type === type)?.value);
  const asUtc = Date.UTC(
    part('year'),
    part('month') - 1,
    part('day'),
    part('hour'),
    part('minute'),
    part('second'),
  );
  return asUtc - Math.floor(at.getTime() / 1000) * 1000;
}

/** The instant the Warsaw day of `at` ends (its next local midnight). */
export function endOfWarsawDay(at: Date): Date {
  const [year, month, day] = warsawDay(at).split('-').map(Number) as [number, number, number];
  const midnightAsUtc = Date.UTC(year, month - 1, day + 1);
  // Time changes happen at 2–3 a.m., so the offset just before midnight is the one at midnight.
  return new Date(midnightAsUtc - warsawOffsetMs(new Date(midnightAsUtc - 60_000)));
}
