import { describe, expect, it } from 'vitest';
import { formatCardDate, formatDate, formatDateTime, formatRelativeTime, isoDateTime } from './dates.ts';

// Local-time dates, so the assertions hold in any time zone the tests run in.
const march5 = new Date(2025, 2, 5, 14, 7);

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
    expect(formatCardDate(new Date(2024, 11, 24, 12))).toBe('24 grudnia 2024');
  });

  it('falls back to „Opublikowano niedawno”', () => {
    expect(formatCardDate(undefined)).toBe('Opublikowano niedawno');
    expect(formatCardDate('garbage', 'Brak informacji o dacie')).toBe('Brak informacji o dacie');
  });
});

describe('formatDateTime', () => {
  it('formats as dd.MM.yyyy HH:mm with a 24-hour clock', () => {
    expect(formatDateTime(march5)).toBe('05.03.2025 14:07');
    expect(formatDateTime(new Date(2025, 0, 1, 9, 5))).toBe('01.01.2025 09:05');
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
