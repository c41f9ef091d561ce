import { describe, expect, it } from 'vitest';
import { remainingSubscriptions, usagePercent } from './subscription-stats.ts';

describe('usagePercent', () => {
  it.each([
    [0, 100, 0],
    [1, 3, 33],
    [2, 3, 67],
    [50, 100, 50],
    [100, 100, 100],
  ])('%i of %i is %i%%', (todayCount, limit, expected) => {
    expect(usagePercent({ todayCount, limit })).toBe(expected);
  });

  it('stays at 100 when the counter is above a lowered limit', () => {
    expect(usagePercent({ todayCount: 12, limit: 5 })).toBe(100);
  });

  it('treats a limit of 0 (never sent by the server) as full', () => {
    expect(usagePercent({ todayCount: 0, limit: 0 })).toBe(100);
  });
});

describe('remainingSubscriptions', () => {
  it('is the limit minus the count', () => {
    expect(remainingSubscriptions({ todayCount: 3, limit: 10 })).toBe(7);
    expect(remainingSubscriptions({ todayCount: 10, limit: 10 })).toBe(0);
  });

  it('is never negative', () => {
    expect(remainingSubscriptions({ todayCount: 12, limit: 5 })).toBe(0);
  });
});
