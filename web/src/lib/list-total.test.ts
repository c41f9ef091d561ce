import { describe, expect, it } from 'vitest';
import { listTotalText, pageTotalText } from './list-total.ts';

describe('listTotalText', () => {
  it('shows an exact total as it is and a lower bound as „ponad 10 000”', () => {
    expect(listTotalText(0, true)).toBe('0');
    expect(listTotalText(10_000, true)).toBe('10000');
    expect(listTotalText(10_021, false)).toBe('ponad 10 000');
  });

  it('leaves a page still loading undefined', () => {
    expect(pageTotalText(undefined)).toBeUndefined();
    expect(pageTotalText({ total: 10_001, totalExact: false })).toBe('ponad 10 000');
    expect(pageTotalText({ total: 7, totalExact: true })).toBe('7');
  });
});
