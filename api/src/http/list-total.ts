/**
 * How an admin list knows its total without counting every match (issue 22): an exact count(*) of
 * 100,000 rows costs far more than the page itself, so counting stops at LIST_COUNT_CAP rows.
 */
export const LIST_COUNT_CAP = 10_000;

/**
 * A text search stops sooner. Its matches are found by reading and re-checking rows (a trigram
 * index only narrows them), so counting 10,000 of a common word cost 15-30 ms of the database's time
 * at 100,000 posts or 500,000 comments, ten times the page itself; past 1,000 matches the search
 * needs another word, not an exact number.
 */
export const LIST_SEARCH_COUNT_CAP = 1_000;

/** The cap for a list query: the search's when it searches (`q`), the filters' otherwise. */
export const listCountCap = (query: { q?: string | undefined }) =>
  query.q ? LIST_SEARCH_COUNT_CAP : LIST_COUNT_CAP;

export interface ListTotal {
  total: number;
  /** False when more than the cap's rows match and this page is not the last: a lower bound. */
  exact: boolean;
}

/**
 * The total, from a page fetched with one row more than `limit`: a page that ends the list tells it
 * with no count at all; a page past the end counts exactly (its offset walk already read every row);
 * otherwise `count(cap + 1)` counts at most one row past `cap`, and past the cap the total is only
 * known to be above it and beyond this page.
 */
export async function listTotal(
  fetched: number,
  offset: number,
  limit: number,
  count: (cap: number | null) => Promise<number>,
  cap = LIST_COUNT_CAP,
): Promise<ListTotal> {
  const hasMore = fetched > limit;
  if (!hasMore && (fetched > 0 || offset === 0)) return { total: offset + fetched, exact: true };
  if (fetched === 0) return { total: await count(null), exact: true };
  const counted = await count(cap + 1);
  if (counted <= cap) return { total: counted, exact: true };
  return { total: Math.max(counted, offset + limit + 1), exact: false };
}
