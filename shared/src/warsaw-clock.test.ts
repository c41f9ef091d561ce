import { describe, expect, it } from 'vitest';
import { warsawDay, warsawMinute } from './warsaw-clock.ts';

describe('warsaw-clock', () => {
  it('says what Intl says for Warsaw at every minute around a clock change, and across years', () => {
    const intl = new Intl.DateTimeFormat('en-GB', {
      timeZone: 'Europe/Warsaw',
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
      hour: '2-digit',
      minute: '2-digit',
      hourCycle: 'h23',
    });
    const expected = (time: number) => {
      const part = Object.fromEntries(intl.formatToParts(time).map(({ type, value }) => [type, value]));
      return `${part.day}.${part.month}.${part.year} ${part.hour}:${part.minute}`;
    };
    const times: number[] = [];
    for (const change of [Date.UTC(2025, 2, 30, 1), Date.UTC(2025, 9, 26, 1), Date.UTC(1977, 3, 3, 0)])
      for (let minute = -150; minute <= 150; minute += 1) times.push(change + minute * 60_000 + 59_999);
    // Every 131 minutes for twelve years, and before 1970 (the memo's range starts there).
    for (let time = Date.UTC(2020, 0, 1); time < Date.UTC(2032, 0, 1); time += 131 * 60_000) times.push(time);
    times.push(Date.UTC(1915, 7, 4, 22, 50), -1);
    const wrong = times.filter((time) => warsawMinute(new Date(time)) !== expected(time));
    expect(wrong.map((time) => new Date(time).toISOString())).toEqual([]);
  });

  it('names the day in Warsaw, which starts an hour or two before UTC’s', () => {
    expect(warsawDay(new Date('2025-07-01T21:59:59.999Z'))).toBe('2025-07-01');
    expect(warsawDay(new Date('2025-07-01T22:00:00.000Z'))).toBe('2025-07-02');
    expect(warsawDay(new Date('2025-12-31T23:00:00.000Z'))).toBe('2026-01-01');
  });
});
