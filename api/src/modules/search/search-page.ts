import { QueryTypes } from 'sequelize';
import type { Db } from '../../deps.ts';
import type { SearchStage } from './post-search.ts';

/**
 * One page of a search stage's matches in the order `score DESC, created_at DESC, id DESC` (the
 * stage's score: per term 3 in the title, 2 in the excerpt, 1 in the text), as post ids.
 *
 * `conditions` are what every listed post meets besides the search (visible, in the category, with
 * the tag), over the posts alias `p`. Visibility may be read from the stored flag
 * (VISIBLE_POST_STORED_SQL): the caller reads the page's rows with the tables' own test, so a post is
 * never shown on the flag's word alone.
 */
export interface SearchPageQuery {
  stage: SearchStage;
  conditions: string[];
  /** The stage's replacements and those of `conditions`. */
  replacements: Record<string, unknown>;
  limit: number;
  offset: number;
}

/**
 * The page by levels, without scoring every match: the posts with a term in the title or excerpt
 * (stage.head, found from search_head's index; few) ranked in full, then the others, which all score
 * one per term, newest first from the (published, created_at, id) index, walked only as far as the
 * page needs. For when the count is known already (the count memo).
 */
export async function rankedSearchPage(tx: Db, query: SearchPageQuery): Promise<number[]> {
  const { stage, limit, offset } = query;
  const options = { type: QueryTypes.SELECT, transaction: tx.transaction } as const;
  const replacements = { ...query.replacements, limit, offset };
  const idsOf = (sql: string, values: Record<string, unknown>) =>
    tx.sequelize
      .query<{ id: number }>(sql, { ...options, replacements: { ...replacements, ...values } })
      .then((found) => found.map((row) => row.id));
  const headWhere = [...query.conditions, `(${stage.headWhere})`].join(' AND ');
  const ids = await idsOf(
    `SELECT p.id FROM posts p WHERE ${headWhere}
      ORDER BY ${stage.score} DESC, p.created_at DESC, p.id DESC LIMIT :limit OFFSET :offset`,
    {},
  );
  if (ids.length < limit) {
    // The level's size: this page holds its end, or it ends on an earlier page.
    const inHead =
      ids.length > 0
        ? offset + ids.length
        : (
            await tx.sequelize.query<{ total: number }>(
              `SELECT count(*)::int AS total FROM posts p WHERE ${headWhere}`,
              { ...options, replacements },
            )
          )[0]!.total;
    const where = [...query.conditions, stage.where].join(' AND ');
    ids.push(
      ...(await idsOf(
        `SELECT p.id FROM posts p WHERE ${where} AND NOT coalesce(${stage.head}, false)
          ORDER BY p.created_at DESC, p.id DESC LIMIT :restLimit OFFSET :restOffset`,
        { restLimit: limit - ids.length, restOffset: Math.max(0, offset - inHead) },
      )),
    );
  }
  return ids;
}

/** The stage's visible matches (`visible`: the conditions over `p`), as `id, created_at`. */
function foundSql(stage: SearchStage, visible: string): string {
  const { split } = stage;
  if (!split) return `SELECT p.id, p.created_at FROM posts p WHERE ${visible} AND ${stage.where}`;
  // Every match the word index finds is a row of the narrow post_search (its rows fill a fifteenth of
  // posts' pages, and the bitmap visits every match's row), read once, the conditions tested in the
  // same scan.
  if (split.inexactEmpty) {
    return `SELECT p.id, p.created_at FROM post_search p
      WHERE p.search_vector @@ CAST(:${split.query} AS tsquery) AND ${visible}`;
  }
  // As above, and the few the index cannot answer from posts. The lookup kept apart (OFFSET 0) so that
  // the planner cannot read every visible post instead and test its long vector out of line.
  return `SELECT p.id, p.created_at
      FROM (SELECT w.id, w.created_at, w.published, w.in_visible_category
              FROM post_search w WHERE ${split.indexed}
            UNION ALL
            SELECT w.id, w.created_at, w.published, w.in_visible_category
              FROM posts w WHERE ${split.inexact}
            OFFSET 0) p
     WHERE ${visible}`;
}

/**
 * The page and the stage's exact count in one statement (when the count is to be made): the stage's
 * matching posts looked up once (`found`, its index lookups feeding the count and the page), those
 * with a term in the title or excerpt among them found from search_head's index and ranked (`head`),
 * the others scoring one per term. The same order as rankedSearchPage's levels.
 */
export async function countedSearchPage(
  tx: Db,
  query: SearchPageQuery,
): Promise<{ total: number; ids: number[] }> {
  const { stage } = query;
  const visible = query.conditions.join(' AND ');
  const [counted] = await tx.sequelize.query<{ total: number; ids: number[] | null }>(
    `WITH found AS MATERIALIZED (${foundSql(stage, visible)}),
          head AS MATERIALIZED (${
            stage.headScores
              ? // The few posts with a term in the title or excerpt, scored from the id sets alone, among
                // the matches (found's rows as `p`: its id and date).
                `SELECT p.id, p.created_at, scored.score FROM (${stage.headScores}) scored
                   JOIN found p ON p.id = scored.id`
              : `SELECT p.id, p.created_at, ${stage.score} AS score FROM posts p
                  WHERE p.id IN (SELECT found.id FROM found) AND ${stage.headFound}`
          }),
          page AS (
            SELECT head.id, head.score, head.created_at FROM head
            UNION ALL
            -- Every post of head scores above the rest: the rest is read only when the page reaches
            -- past head's end (a one-time test, else no row of found is read again).
            SELECT found.id, :termCount, found.created_at FROM found
             WHERE (SELECT count(*) FROM head) < :limit + :offset
               AND found.id NOT IN (SELECT head.id FROM head)
            ORDER BY score DESC, created_at DESC, id DESC LIMIT :limit OFFSET :offset)
     SELECT (SELECT count(*) FROM found)::int AS total,
            (SELECT array_agg(page.id ORDER BY page.score DESC, page.created_at DESC, page.id DESC)
               FROM page) AS ids`,
    {
      type: QueryTypes.SELECT,
      replacements: {
        ...query.replacements,
        termCount: stage.terms.length,
        limit: query.limit,
        offset: query.offset,
      },
      transaction: tx.transaction,
    },
  );
  return { total: counted!.total, ids: counted!.ids ?? [] };
}
