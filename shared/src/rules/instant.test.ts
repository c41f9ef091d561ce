// The shared rule of an accepted moment (instant.ts): calendar days as they are, years 1900..9999
// counted in UTC after the offset, so no date the blog takes in comes out as `+010000-…`.
import { describe, expect, it } from 'vitest';
import { readInstant } from './instant.ts';

const problem = (text: string) => {
  const reading = readInstant(text);
  return reading.ok ? reading.date.toISOString() : reading.problem;
};

describe('readInstant', () => {
  it('reads a moment with its offset, seconds and fraction optional', () => {
    expect(problem('2026-11-25T14:30Z')).toBe('2026-11-25T14:30:00.000Z');
    expect(problem('2026-11-25T14:30:00+01:00')).toBe('2026-11-25T13:30:00.000Z');
    expect(problem('2026-11-25T14:30:00.123456-02:30')).toBe('2026-11-25T17:00:00.123Z');
  });

  it('holds the bounds in UTC, after the offset', () => {
    expect(problem('9999-12-31T23:59:59.999Z')).toBe('9999-12-31T23:59:59.999Z');
    expect(problem('9999-12-31T23:59:59.999-00:01')).toBe('range');
    expect(problem('9999-12-31T23:30:00-23:00')).toBe('range');
    expect(problem('9999-12-31T23:59:59-23:59')).toBe('range');
    expect(problem('9999-12-31T23:30:00+23:00')).toBe('9999-12-31T00:30:00.000Z');
    expect(problem('1900-01-01T00:00:00Z')).toBe('1900-01-01T00:00:00.000Z');
    expect(problem('1900-01-01T00:30:00+01:00')).toBe('range');
    expect(problem('1899-12-31T23:30:00-01:00')).toBe('1900-01-01T00:30:00.000Z');
    // Date.UTC would read year 99 as 1999.
    expect(problem('0099-06-01T00:00:00Z')).toBe('range');
  });

  it('refuses days and times the calendar has not got instead of rolling them over', () => {
    expect(problem('2027-02-30T10:00Z')).toBe('calendar');
    expect(problem('2027-02-29T10:00Z')).toBe('calendar');
    expect(problem('2028-02-29T10:00Z')).toBe('2028-02-29T10:00:00.000Z');
    expect(problem('2100-02-29T10:00Z')).toBe('calendar');
    expect(problem('2000-02-29T10:00Z')).toBe('2000-02-29T10:00:00.000Z');
    expect(problem('2027-04-31T10:00Z')).toBe('calendar');
    expect(problem('2027-00-10T10:00Z')).toBe('calendar');
    expect(problem('2027-01-00T10:00Z')).toBe('calendar');
    expect(problem('2027-01-01T24:00Z')).toBe('calendar');
    expect(problem('2027-01-01T10:00:60Z')).toBe('calendar');
  });

  it('refuses what is not ISO 8601 with an offset', () => {
    for (const text of [
      '2027-01-01',
      '2027-01-01T10:00',
      '2027-01-01 10:00Z',
      '+010000-01-01T00:00:00Z',
      '2027-01-01T10:00+24:00',
      'jutro',
    ])
      expect(problem(text), text).toBe('format');
  });
});
