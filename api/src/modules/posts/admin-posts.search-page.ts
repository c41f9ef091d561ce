import {
  LIST_SEARCH_COUNT_CAP,
  type ListTotal,
  listTotal,
  type ListTotalQuery,
} from '../../http/list-total.ts';
import type { SearchStage } from '../search/post-search.ts';

/**
 * How many posts, in the list's order, a page of a common word is looked for among before the
 * matches are read from the word index instead: each is one probe of post_search's primary key and
 * its vector (about 5 µs warm), so a word in at least one post of a hundred fills the first page
 * within it.
 */
export const WALK_PROBES = 1_000;

/** The statements of one admin list page, over the posts alias `p`. */
export interface SplitStageSql {
  /** The list's conditions besides the search (status, author, category). */
  filters: string[];
  /** The stage, whose word index answers every term (its `split` is set). */
  stage: SearchStage & { split: NonNullable<SearchStage['split']> };
  /** `p`'s sort column and the page's ORDER BY for an alias's sort column and id. */
  sortColumn: string;
  orderBy: (sort: string, id: string) => string;
}

const whereOf = (conditions: string[]) =>
  conditions.length === 0 ? '' : `WHERE ${conditions.join(' AND ')}`;

/**
 * The page's ids walking the list's order: the first WALK_PROBES posts meeting the filters, each
 * tested on its own (a lateral probe of post_search, so the planner cannot hash every match of the
 * word instead), taken up to the page's end. Complete when it holds :limit rows; else the matches
 * are too sparse among the first posts, and hashedIdsSql answers.
 */
export function walkedIdsSql({ filters, stage, sortColumn, orderBy }: SplitStageSql): string {
  return `SELECT page.id FROM (SELECT p.id, p.search_words_exact, ${sortColumn} AS sort_key FROM posts p
      ${whereOf(filters)} ${orderBy(sortColumn, 'p.id')} LIMIT ${WALK_PROBES}) page
    LEFT JOIN LATERAL (SELECT true AS found FROM post_search w
      WHERE w.id = page.id AND ${stage.split.indexed} LIMIT 1) indexed ON true
    WHERE indexed.found
       OR (NOT page.search_words_exact AND EXISTS (SELECT 1 FROM posts w WHERE w.id = page.id AND ${stage.split.inexact}))
    ${orderBy('page.sort_key', 'page.id')} LIMIT :limit OFFSET :offset`;
}

/** The page's ids from the stage's matches, each of its two sets hashed once (see SearchStage.where). */
export function hashedIdsSql({ filters, stage, sortColumn, orderBy }: SplitStageSql): string {
  return `SELECT p.id FROM posts p ${whereOf([...filters, stage.where])} ${orderBy(sortColumn, 'p.id')}
    LIMIT :limit OFFSET :offset`;
}

/**
 * The matching posts, to be counted: without filters from post_search's bitmap alone, which a capped
 * count stops reading at the cap (no post's row is read, no id hashed).
 */
export function splitStageMatchingSql({ filters, stage }: SplitStageSql): string {
  if (filters.length > 0) return `SELECT 1 FROM posts p ${whereOf([...filters, stage.where])}`;
  return `SELECT 1 FROM post_search w WHERE ${stage.split.indexed}
    UNION ALL SELECT 1 FROM posts w WHERE ${stage.split.inexact}`;
}

/**
 * One page of a stage the word index answers whole, counted first (capped, cheap): no match reads
 * no page; more than the cap (a common word) walks the list's order; otherwise, or when the walk
 * falls short, the few matches are hashed. `readRows` reads a page from a statement of its ids;
 * `count` counts matchingSql's rows up to a cap (null: all).
 */
export async function splitStagePage<Row>(
  query: ListTotalQuery,
  sql: SplitStageSql,
  readRows: (idsSql: string) => Promise<Row[]>,
  count: (cap: number | null) => Promise<number>,
): Promise<{ fetched: Row[] } & ListTotal> {
  const cap = LIST_SEARCH_COUNT_CAP + 1;
  const capped = await count(cap);
  if (capped === 0) return { fetched: [], total: 0, exact: true };
  let fetched = capped === cap ? await readRows(walkedIdsSql(sql)) : null;
  if (!fetched || fetched.length <= query.limit) fetched = await readRows(hashedIdsSql(sql));
  // The count made is the one listTotal asks for (the capped one, or an exact one when below the cap).
  const counted = await listTotal(fetched.length, query, (asked) =>
    asked === cap || capped < cap ? Promise.resolve(capped) : count(asked),
  );
  return { fetched, ...counted };
}
