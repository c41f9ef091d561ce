import {
  LIST_SEARCH_COUNT_CAP,
  type ListTotal,
  listTotal,
  type ListTotalQuery,
} from '../../http/list-total.ts';
import type { SearchStage } from '../search/post-search.ts';

/**
 * How many posts, in the list's order, a page of a common search is looked for among before its
 * matches are read whole instead: each is one probe of an index (and for a stage, of the post's
 * words: about 2.5 µs warm), so a search matching one post of a hundred fills the first page within it.
 */
export const WALK_PROBES = 1_000;

/**
 * The first posts of the list's order whose share of matches tells a dense search: when at least half
 * of them match, its count is walked (DENSE_PROBES) rather than taken from the index's bitmap.
 */
export const DENSE_SAMPLE = 100;
/**
 * How many posts a dense search's capped count walks: at half of them matching it reaches the cap, and
 * at worst (the sample was denser than what follows) it costs about 6 ms before the bitmap's count.
 */
export const DENSE_PROBES = 2 * (LIST_SEARCH_COUNT_CAP + 1);
/**
 * Posts (the planner's estimate) from which a dense search's walk beats the bitmap's count: the walk
 * costs about a thousand probes whatever the table's size, the bitmap grows with it. Measured on one
 * machine for an AND of two words in 92 % of the posts (probing post_words): at 10,000 posts the
 * bitmap 1.5–2.9 ms, the walk 3.5; at 100,000 the bitmap 12–19 ms, the sample and the walk 5.
 */
export const DENSE_MIN_POSTS = 40_000;

/** A search's statements for one admin list page, over the posts alias `p`. */
export interface SearchPageStatements {
  /**
   * The page's ids walking the list's order through its first WALK_PROBES posts meeting the filters,
   * each tested on its own (a lateral probe, so that the planner cannot hash every match instead).
   * Complete when it holds :limit rows; else the matches are too sparse among the first posts.
   */
  walked: string;
  /** The page's ids from every match (the planner's choice: for few matches, a hash of them). */
  hashed: string;
  /** The matching posts' rows, to be counted (capped). */
  matching: string;
  /**
   * For a search whose matches the index's bitmap can only count whole (an AND of common words: the
   * bitmap intersects their whole posting lists before its first row, 30–90 ms at 100,000 posts),
   * the matches among the first DENSE_SAMPLE posts of the list's order (none when the table holds
   * fewer than DENSE_MIN_POSTS) and among the first DENSE_PROBES, as rows to be counted; absent when
   * the bitmap's count stops at the cap by itself.
   */
  dense?: { sample: string; probed: string };
}

/** The list's conditions besides the search (status, author, category) and its order. */
export interface ListOrder {
  filters: string[];
  /** `p`'s sort column, and the page's ORDER BY for an alias's sort column and id. */
  sortColumn: string;
  orderBy: (sort: string, id: string) => string;
}

/** `WHERE` and the conditions AND-ed, or nothing. */
export const whereOf = (conditions: string[]) =>
  conditions.length === 0 ? '' : `WHERE ${conditions.join(' AND ')}`;

/** How a walk tests each post: `columns` of `p` kept as `page`'s, `probe` a lateral join, `test` the match. */
interface WalkProbe {
  columns: string;
  probe: string;
  test: string;
}

/** The matching posts among the first `probes` posts of the list's order that meet its filters. */
function probedSql(order: ListOrder, { columns, probe, test }: WalkProbe, probes: number): string {
  const { filters, sortColumn, orderBy } = order;
  return `SELECT page.id, page.sort_key FROM (SELECT p.id, ${columns}, ${sortColumn} AS sort_key FROM posts p
      ${whereOf(filters)} ${orderBy(sortColumn, 'p.id')} LIMIT ${probes}) page
    ${probe} WHERE ${test}`;
}

/** SearchPageStatements.walked. */
const walkedSql = (order: ListOrder, walk: WalkProbe) =>
  `${probedSql(order, walk, WALK_PROBES)} ${order.orderBy('page.sort_key', 'page.id')}
    LIMIT :limit OFFSET :offset`;

/** A page's ids: the posts meeting `conditions`, in the list's order (:limit, :offset). */
export const pageIdsSql = (order: ListOrder, conditions: string[]) =>
  `SELECT p.id FROM posts p ${whereOf(conditions)} ${order.orderBy(order.sortColumn, 'p.id')}
    LIMIT :limit OFFSET :offset`;

/**
 * A stage the word index answers whole (its `split` set). Without filters its matches are counted from
 * post_search's bitmap alone, which a capped count stops reading at the cap (no post's row read, no
 * id hashed).
 */
export function splitStageStatements(
  order: ListOrder,
  stage: SearchStage & { split: NonNullable<SearchStage['split']> },
): SearchPageStatements {
  const walk = {
    columns: 'p.search_words_exact',
    // Each post's words from post_words (in line: one row, where post_search's vector is read from TOAST).
    probe: `LEFT JOIN LATERAL (SELECT true AS found FROM post_words w
        WHERE w.id = page.id AND w.words @@ CAST(:${stage.split.query} AS tsquery) LIMIT 1) indexed ON true`,
    test: `indexed.found OR (NOT page.search_words_exact
        AND EXISTS (SELECT 1 FROM posts w WHERE w.id = page.id AND ${stage.split.inexact}))`,
  };
  return {
    walked: walkedSql(order, walk),
    // Several terms: their words' posting lists are intersected whole (one term's bitmap is a union,
    // which the capped count stops reading at the cap).
    ...(stage.terms.length > 1 && {
      dense: {
        // Nothing probed (no row) below DENSE_MIN_POSTS: the one-time test comes first.
        sample: `SELECT 1 FROM (${probedSql(order, walk, DENSE_SAMPLE)}) sample
          WHERE (SELECT reltuples FROM pg_class WHERE oid = 'posts'::regclass) >= ${DENSE_MIN_POSTS}`,
        probed: probedSql(order, walk, DENSE_PROBES),
      },
    }),
    hashed: pageIdsSql(order, [...order.filters, stage.where]),
    matching:
      order.filters.length > 0
        ? `SELECT 1 FROM posts p ${whereOf([...order.filters, stage.where])}`
        : `SELECT 1 FROM post_search w WHERE ${stage.split.indexed}
            UNION ALL SELECT 1 FROM posts w WHERE ${stage.split.inexact}`,
  };
}

/**
 * The typed search of one tag's name (:tagIds holds one id): in `searchText` (:pattern), or the tag
 * (`search`: the two as one condition, for a page and for a count). Without filters its matches are
 * counted from the tag's rows (one a post by the unique key, read from its index up to the cap), then
 * the other posts with the text, instead of rechecking every candidate of the text's trigrams first
 * („praca” at 100,000 posts: 2,374 candidates, none with the word, before the tag's 6,404 posts).
 */
export function taggedSearchStatements(
  order: ListOrder,
  searchText: string,
  search: { page: string; count: string },
): SearchPageStatements {
  const tagged = (post: string) =>
    `SELECT true AS found FROM post_tags pt WHERE pt.post_id = ${post} AND pt.tag_id IN (:tagIds)`;
  return {
    walked: walkedSql(order, {
      columns: `${searchText} AS search_text`,
      probe: `LEFT JOIN LATERAL (${tagged('page.id')} LIMIT 1) tagged ON true`,
      test: 'page.search_text LIKE :pattern OR tagged.found',
    }),
    hashed: pageIdsSql(order, [...order.filters, search.page]),
    matching:
      order.filters.length > 0
        ? `SELECT 1 FROM posts p ${whereOf([...order.filters, search.count])}`
        : `SELECT 1 FROM post_tags pt WHERE pt.tag_id IN (:tagIds)
            UNION ALL SELECT 1 FROM posts p WHERE ${searchText} LIKE :pattern
              AND NOT EXISTS (${tagged('p.id')})`,
  };
}

/**
 * One page of a search, counted first (capped, cheap): no match reads no page; more than the cap (a
 * common search) walks the list's order; otherwise, or when the walk falls short, the few matches
 * are read whole. `readRows` reads a page from a statement of its ids; `totalOf(sql)` runs a
 * statement of one `total` (cappedCountSql's).
 *
 * A search with `dense` statements is first sampled: when half of the list's first posts match, its
 * capped count walks the list (about 1 ms per 200 posts) and, reaching the cap, skips the bitmap's.
 * A search that finds little (the planner cannot tell: it estimates an AND of two common words at
 * their product, also when no post holds both) is counted from the bitmap.
 */
export async function countedSearchPage<Row>(
  query: ListTotalQuery,
  statements: SearchPageStatements,
  readRows: (idsSql: string) => Promise<Row[]>,
  totalOf: (sql: string) => Promise<number>,
): Promise<{ fetched: Row[] } & ListTotal> {
  const count = (cap: number | null) => totalOf(cappedCountSql(statements.matching, cap));
  const cap = LIST_SEARCH_COUNT_CAP + 1;
  const capped = (await denseCount(statements, totalOf, cap)) ?? (await count(cap));
  if (capped === 0) return { fetched: [], total: 0, exact: true };
  let fetched = capped === cap ? await readRows(statements.walked) : null;
  if (!fetched || fetched.length <= query.limit) fetched = await readRows(statements.hashed);
  // The count made is the one listTotal asks for (the capped one, or an exact one when below the cap).
  const counted = await listTotal(fetched.length, query, (asked) =>
    asked === cap || capped < cap ? Promise.resolve(capped) : count(asked),
  );
  return { fetched, ...counted };
}

/** A statement of `total`: the rows of `rowsSql`, counted up to `cap` (null: all). */
export const cappedCountSql = (rowsSql: string, cap: number | null) =>
  `SELECT count(*)::int AS total FROM (${rowsSql} ${cap === null ? '' : `LIMIT ${cap}`}) counted`;

/**
 * `cap` when a dense search's walk reaches it (see countedSearchPage), else null. The sample and the
 * walk are statements of their own: planning the walk costs a few milliseconds, so it is planned only
 * when the sample is dense (joined in one statement with a CASE, the walk's plan was paid every time).
 */
async function denseCount(
  { dense }: SearchPageStatements,
  totalOf: (sql: string) => Promise<number>,
  cap: number,
): Promise<number | null> {
  if (!dense || (await totalOf(cappedCountSql(dense.sample, null))) * 2 < DENSE_SAMPLE) return null;
  return (await totalOf(cappedCountSql(dense.probed, cap))) === cap ? cap : null;
}
