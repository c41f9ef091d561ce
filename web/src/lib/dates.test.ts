import { describe, expect, it } from 'vitest';
import {
  formatCardDate,
  formatDate,
  formatDateTime,
  formatRelativeTime,
  isoDateTime,
  localClockTime,
} from './dates.ts';

// Instants (UTC): every date is shown as it is in Europe/Warsaw, whatever the zone the tests run in.
const march5 = new Date(Date.UTC(2025, 2, 5, 13, 7)); // 14:07 in Warsaw (CET)

describe('formatDate', () => {
  it('formats as dd.MM.yyyy', () => {
    expect(formatDate(march5)).toBe('05.03.2025');
  });

  it('accepts ISO strings and timestamps', () => {
    expect(formatDate(march5.toISOString())).toBe('05.03.2025');
    expect(formatDate(march5.getTime())).toBe('05.03.2025');
  });

  it.each([null, undefined, '', 'not a date', '2025-13-45'])(
    'falls back to „Data nieznana” for %s',
    (value) => {
      expect(formatDate(value)).toBe('Data nieznana');
    },
  );

  it('takes a custom fallback', () => {
    expect(formatDate(null, 'Brak daty')).toBe('Brak daty');
  });
});

describe('formatCardDate', () => {
  it('writes the Polish month name in the genitive', () => {
    expect(formatCardDate(march5)).toBe('05 marca 2025');
    expect(formatCardDate(new Date(Date.UTC(2024, 11, 24, 12)))).toBe('24 grudnia 2024');
  });

  it('falls back to „Opublikowano niedawno”', () => {
    expect(formatCardDate(undefined)).toBe('Opublikowano niedawno');
    expect(formatCardDate('garbage', 'Brak informacji o dacie')).toBe('Brak informacji o dacie');
  });
});

describe('formatDateTime', () => {
  it('formats as dd.MM.yyyy HH:mm with a 24-hour clock', () => {
    expect(formatDateTime(march5)).toBe('05.03.2025 14:07');
    expect(formatDateTime(new Date(Date.UTC(2025, 0, 1, 8, 5)))).toBe('01.01.2025 09:05');
  });

  it('shows Warsaw time, summer time included, whatever the computer’s zone', () => {
    // 22:30 UTC on 1 July is already 2 July in Warsaw (CEST, UTC+2).
    expect(formatDateTime('2025-07-01T22:30:00.000Z')).toBe('02.07.2025 00:30');
    expect(formatCardDate('2024-12-31T23:30:00.000Z')).toBe('01 stycznia 2025');
  });

  it('keeps a bare calendar date on its own day', () => {
    expect(formatDate('2025-03-05')).toBe('05.03.2025');
  });

  it('falls back to „Brak daty”', () => {
    expect(formatDateTime(null)).toBe('Brak daty');
  });
});

describe('formatRelativeTime', () => {
  const now = new Date(2025, 2, 10, 12, 0);

  it('says how long ago in Polish', () => {
    expect(formatRelativeTime(new Date(2025, 2, 7, 12, 0), undefined, now)).toBe('3 dni temu');
  });

  it('falls back to „Niedawno” for missing or future dates', () => {
    expect(formatRelativeTime(null, undefined, now)).toBe('Niedawno');
    expect(formatRelativeTime(new Date(2025, 2, 11), undefined, now)).toBe('Niedawno');
  });
});

describe('isoDateTime', () => {
  it('gives an ISO string or undefined', () => {
    expect(isoDateTime('2025-03-05T10:00:00.000Z')).toBe('2025-03-05T10:00:00.000Z');
    expect(isoDateTime('nope')).toBeUndefined();
  });
});

describe('localClockTime', () => {
  it("shows the hour on this computer's clock, two digits each, seconds on request", () => {
    const at = new Date(2025, 2, 5, 9, 5, 7);
    expect(localClockTime(at)).toBe('09:05');
    expect(localClockTime(at.getTime(), true)).toBe('09:05:07');
  });
});
