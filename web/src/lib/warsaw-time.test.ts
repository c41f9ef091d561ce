import { describe, expect, it } from 'vitest';
import { formatPlannedMoment, isoToWarsawLocal, scheduledLabel, warsawLocalToIso } from './warsaw-time.ts';

describe('Warsaw time of planned publications', () => {
  it('reads a picked moment as Warsaw time in winter and in summer', () => {
    expect(warsawLocalToIso('2026-11-25T15:30')).toBe('2026-11-25T14:30:00.000Z');
    expect(warsawLocalToIso('2026-07-01T08:05')).toBe('2026-07-01T06:05:00.000Z');
    expect(warsawLocalToIso('jutro')).toBeNull();
  });

  it('shows an instant back in the picker and in Polish words', () => {
    expect(isoToWarsawLocal('2026-11-25T14:30:00.000Z')).toBe('2026-11-25T15:30');
    expect(isoToWarsawLocal('2026-07-01T06:05:00.000Z')).toBe('2026-07-01T08:05');
    expect(formatPlannedMoment('2026-11-25T14:30:00.000Z')).toBe('25 listopada 2026 o 15:30');
    expect(scheduledLabel('2026-03-29T01:30:00.000Z')).toBe('Zaplanowany na 29 marca 2026 o 03:30');
  });
});
