/**
 * An admin list's total as a screen says it (issue 22): the server stops counting at 10,000 matches
 * and then answers `totalExact: false` with a lower bound, which is never shown as a number.
 */
export function listTotalText(total: number, exact: boolean): string {
  return exact ? String(total) : 'ponad 10 000';
}

/** The same for a count that may not have arrived yet (undefined stays undefined). */
export function pageTotalText(page: { total: number; totalExact: boolean } | undefined): string | undefined {
  return page && listTotalText(page.total, page.totalExact);
}
