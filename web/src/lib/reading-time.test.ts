import { describe, expect, it } from 'vitest';
import { readingTimeLabel } from './reading-time.ts';

describe('readingTimeLabel', () => {
  it('writes the minutes', () => {
    expect(readingTimeLabel(1)).toBe('1 min czytania');
    expect(readingTimeLabel(12)).toBe('12 min czytania');
  });

  it('rounds partial minutes up', () => {
    expect(readingTimeLabel(2.1)).toBe('3 min czytania');
  });

  it('never says less than one minute', () => {
    expect(readingTimeLabel(0)).toBe('1 min czytania');
    expect(readingTimeLabel(-4)).toBe('1 min czytania');
    expect(readingTimeLabel(null)).toBe('1 min czytania');
    expect(readingTimeLabel(Number.NaN)).toBe('1 min czytania');
  });
});
