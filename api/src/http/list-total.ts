/**
 * How an admin list knows its total without counting every match: an exact count(*) of
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

/** The page a list query asks for, and whether it searches (`q`): what decides its count's cap. */
export interface ListTotalQuery {
  page: number;
  limit: number;
  q?: string | undefined;
}

export interface ListTotal {
  total: number;
  /** False when more than the cap's rows match and this page is not the last: a lower bound. */
  exact: boolean;
}

/**
 * The total, from the page `query` asks for, fetched with one row more than its `limit`: a page
 * that ends the list tells it with no count at all; a page past the end counts exactly (its offset
 * walk already read every row); otherwise `count(cap + 1)` counts at most one row past the cap (the
 * search's when `q` is given), and past the cap the total is only known to be above it and beyond
 * this page.
 */
export async function listTotal(
  fetched: number,
  query: ListTotalQuery,
  count: (cap: number | null) => Promise<number>,
): Promise<ListTotal> {
  const { limit } = query;
  const offset = (query.page - 1) * limit;
  const cap = query.q ? LIST_SEARCH_COUNT_CAP : LIST_COUNT_CAP;
  const hasMore = fetched > limit;
  if (!hasMore && (fetched > 0 || offset === 0)) return { total: offset + fetched, exact: true };
  if (fetched === 0) return { total: await count(null), exact: true };
  const counted = await count(cap + 1);
  if (counted <= cap) return { total: counted, exact: true };
  return { total: Math.max(counted, offset + limit + 1), exact: false };
}
