/**
 * An admin list's total as a screen says it: the server stops counting at 10,000 matches
 * (1,000 when searched) and then answers `totalExact: false` with a lower bound — one more than it
 * counted, and at least one past the page shown — which is said as „ponad …”, never as the number.
 */
const COUNT = new Intl.NumberFormat('pl-PL');

/** Grouped as Polish writes numbers: „9999”, „10 000” (a no-break space, so it never wraps). */
export function listTotalText(total: number, exact: boolean): string {
  return exact ? COUNT.format(total) : `ponad ${COUNT.format(total - 1)}`;
}

/** The same for a count that may not have arrived yet (undefined stays undefined). */
export function pageTotalText(page: { total: number; totalExact: boolean } | undefined): string | undefined {
  return page && listTotalText(page.total, page.totalExact);
}
