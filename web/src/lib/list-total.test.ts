import { describe, expect, it } from 'vitest';
import { listTotalText, pageTotalText } from './list-total.ts';

const NBSP = '\u00a0';

describe('listTotalText', () => {
  it('shows an exact total as Polish writes it and a lower bound as „ponad …”', () => {
    expect(listTotalText(0, true)).toBe('0');
    expect(listTotalText(9_999, true)).toBe('9999');
    expect(listTotalText(10_000, true)).toBe(`10${NBSP}000`);
    // The server's first lower bounds: one past the filters' cap and the search's.
    expect(listTotalText(10_001, false)).toBe(`ponad 10${NBSP}000`);
    expect(listTotalText(1_001, false)).toBe('ponad 1000');
    // Paged past the cap, the bound grows with the page: still only ever „more than”.
    expect(listTotalText(1_021, false)).toBe('ponad 1020');
  });

  it('leaves a page still loading undefined', () => {
    expect(pageTotalText(undefined)).toBeUndefined();
    expect(pageTotalText({ total: 10_001, totalExact: false })).toBe(`ponad 10${NBSP}000`);
    expect(pageTotalText({ total: 7, totalExact: true })).toBe('7');
  });
});
