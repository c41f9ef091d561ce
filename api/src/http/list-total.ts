/**
 * How an admin list knows its total without counting every match (issue 22): an exact count(*) of
 * 100,000 rows costs far more than the page itself, so counting stops at LIST_COUNT_CAP rows.
 */
export const LIST_COUNT_CAP = 10_000;

export interface ListTotal {
  total: number;
  /** False when more than LIST_COUNT_CAP rows match and this page is not the last: a lower bound. */
  exact: boolean;
}

/**
 * The total, from a page fetched with one row more than `limit`: a page that ends the list tells it
 * with no count at all; a page past the end counts exactly (its offset walk already read every row);
 * otherwise `count(cap)` counts at most `cap` rows, and past the cap the total is only known to be
 * above it and beyond this page.
 */
export async function listTotal(
  fetched: number,
  offset: number,
  limit: number,
  count: (cap: number | null) => Promise<number>,
): Promise<ListTotal> {
  const hasMore = fetched > limit;
  if (!hasMore && (fetched > 0 || offset === 0)) return { total: offset + fetched, exact: true };
  if (fetched === 0) return { total: await count(null), exact: true };
  const counted = await count(LIST_COUNT_CAP + 1);
  if (counted <= LIST_COUNT_CAP) return { total: counted, exact: true };
  return { total: Math.max(counted, offset + limit + 1), exact: false };
}
