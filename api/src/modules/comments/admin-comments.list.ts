import { ADMIN_COMMENTS_LIST, type CommentStatus } from '@blog/shared/rules';
import { QueryTypes } from 'sequelize';
import type { z } from 'zod';
import type { Db } from '../../deps.ts';
import { likePattern, listIdFilter, listPage, listQuerySchema } from '../../http/list-query.ts';
import { listTotal } from '../../http/list-total.ts';
import type { AdminCommentRow } from './admin-comments.service.ts';

/** GET /admin/comments: the shared list query plus the post filter. */
export const adminCommentsQuerySchema = listQuerySchema(ADMIN_COMMENTS_LIST).extend({
  post: listIdFilter,
});
export type AdminCommentsQuery = z.infer<typeof adminCommentsQuerySchema>;

const STATUS_SQL: Record<CommentStatus, string> = {
  approved: `c.status = 'approved'`,
  pending: `c.status = 'pending'`,
};

// Same expressions as the indexes of migration 20261127120000 (sorts and the trigram search).
const SORT_SQL = { createdAt: 'c.created_at', author: 'lower(c.author)' } as const;
/**
 * The search covers the author, the e-mail and the content, case-insensitive and with diacritics
 * folded both ways (blog_fold, trigram-indexed by migration 20261129150000).
 */
const SEARCH_SQL = `blog_fold(c.author || ' ' || c.email || ' ' || c.content) LIKE blog_fold(:pattern)`;

export const ADMIN_COMMENT_COLUMNS = `c.id, c.post_id, c.author, c.email, c.content, c.status, c.created_at,
  p.title AS post_title, p.slug AS post_slug`;

/** The queue's exact length: a sum of comment_list_counts, kept by triggers (migration 20261128120000). */
const PENDING_SQL = `SELECT coalesce(sum(n), 0)::int AS n FROM comment_list_counts WHERE status = 'pending'`;

type Options = {
  type: QueryTypes.SELECT;
  replacements: Record<string, unknown>;
  transaction?: Db['transaction'];
};

/**
 * One page of comments with their post's title and slug, its total, and how many comments wait for
 * approval in all (the screen's „Oczekujące” filter and the dashboard show it). Unfiltered or by
 * status the total is exact (the counts); searched or by post it comes from listTotal: exact up to
 * 10,000 matches, 1,000 when searched, or on the last page, a lower bound beyond.
 */
export async function listAdminCommentsPage(db: Db, query: AdminCommentsQuery) {
  const where: string[] = [];
  if (query.status) where.push(STATUS_SQL[query.status]);
  if (query.post) where.push('c.post_id = :post');
  if (query.q) where.push(SEARCH_SQL);
  const whereSql = where.length === 0 ? '' : `WHERE ${where.join(' AND ')}`;
  const offset = (query.page - 1) * query.limit;
  const replacements = {
    post: query.post ?? null,
    pattern: query.q ? likePattern(query.q) : null,
    status: query.status ?? null,
    limit: query.limit,
    lookahead: query.limit + 1,
    offset,
  };
  const options: Options = { type: QueryTypes.SELECT, replacements, transaction: db.transaction };
  if (!query.q && !query.post) {
    const page = await exactPage(db, query, whereSql, options);
    return {
      ...listPage(page.rows, page.total, query.page, query.limit),
      totalExact: true,
      pending: page.pending,
    };
  }
  const [queue] = await db.sequelize.query<{ n: number }>(PENDING_SQL, options);
  const pending = queue?.n ?? 0;
  // Ids first, from comments alone: a late page's offset walk stays in the sort's index (index-only
  // where the filter allows) instead of reading every skipped row; then that page's columns and posts.
  const orderSql = orderBy(query.sort, query.order);
  const fetched = await db.sequelize.query<AdminCommentRow>(
    `SELECT ${ADMIN_COMMENT_COLUMNS}
       FROM (SELECT c.id FROM comments c ${whereSql} ${orderSql} LIMIT :lookahead OFFSET :offset) page
       JOIN comments c ON c.id = page.id
       LEFT JOIN posts p ON p.id = c.post_id
      ${orderSql}`,
    options,
  );
  const count = async (cap: number | null) => {
    const limited = cap === null ? '' : `LIMIT ${cap}`;
    const [counted] = await db.sequelize.query<{ total: number }>(
      `SELECT count(*)::int AS total FROM (SELECT 1 FROM comments c ${whereSql} ${limited}) matching`,
      options,
    );
    return counted?.total ?? 0;
  };
  const { total, exact } = await listTotal(fetched.length, query, count);
  const rows = fetched.slice(0, query.limit);
  return { ...listPage(rows, total, query.page, query.limit), totalExact: exact, pending };
}

const orderBy = (sort: AdminCommentsQuery['sort'], order: 'asc' | 'desc') => {
  const direction = order === 'asc' ? 'ASC' : 'DESC';
  return `ORDER BY ${SORT_SQL[sort]} ${direction}, c.id ${direction}`;
};

/** The counts' sum, unfiltered or for the status filtered on; a subquery of the page's statement. */
const countsTotal = (status: CommentStatus | undefined) =>
  `(SELECT coalesce(sum(n), 0)::int FROM comment_list_counts ${status ? 'WHERE status = :status' : ''})`;

/**
 * The page's ids in the sort order, walked from the week its offset falls in (comment_list_counts,
 * migration 20261128130000): the weeks' counts summed in the sort order give the rows before that
 * week, and the index walk from the week's edge skips only the rest of the offset, fewer than one
 * week's comments. A comment's week follows from its created_at, so every row before the edge lies
 * in an earlier week: the page is the one an OFFSET from the start would give. An offset past the
 * end falls in no week: no rows.
 */
function weekWalk(query: AdminCommentsQuery, whereSql: string) {
  const direction = query.order === 'asc' ? 'ASC' : 'DESC';
  // Ascending, the walk starts at the week's Monday; descending, just before the next one's (a
  // fixed 168 hours: adding '7 days' would follow the session's time zone across a DST change).
  const edge =
    query.order === 'asc'
      ? 'c.created_at >= target.week'
      : `c.created_at < target.week + interval '168 hours'`;
  return `SELECT page.id
      FROM (SELECT week, before
              FROM (SELECT week, n, sum(n) OVER (ORDER BY week ${direction}) - n AS before
                      FROM (SELECT week, sum(n) AS n FROM comment_list_counts
                             ${query.status ? 'WHERE status = :status' : ''}
                             GROUP BY week HAVING sum(n) <> 0) weeks) running
             WHERE before <= :offset AND :offset < before + n) target
     CROSS JOIN LATERAL (
       SELECT c.id FROM comments c ${whereSql ? `${whereSql} AND` : 'WHERE'} ${edge}
        ${orderBy('createdAt', query.order)}
        LIMIT :limit OFFSET :offset - target.before) page`;
}

/**
 * The page's ids for the author sort, walked from the bucket its first row falls in
 * (comment_author_counts, migration 20261128150000): the buckets' counts summed in the sort order give
 * the rows before that bucket, and the index walk from the bucket's first place skips only the rest,
 * fewer than one bucket's comments. Buckets start at a (lower(author), id) of the sort and are compared
 * by the same collation, so every row before the start lies in an earlier bucket: the page is the one
 * an OFFSET from the start would give. Newest first is read as the same rows oldest first,
 * [total - offset - limit, total - offset) clipped at 0, and put back in order by the caller.
 */
function authorWalk(query: AdminCommentsQuery, whereSql: string) {
  const total = countsTotal(query.status);
  const [first, count] =
    query.order === 'asc'
      ? [':offset', ':limit']
      : [`greatest(0, ${total} - :offset - :limit)`, `greatest(0, least(:limit, ${total} - :offset))`];
  return `SELECT page.id
      FROM (SELECT start_key, start_id, before, first
              FROM (SELECT b.start_key, b.start_id, k.n, ${first} AS first,
                           sum(k.n) OVER (ORDER BY b.start_key, b.start_id) - k.n AS before
                      FROM (SELECT bucket, sum(n) AS n FROM comment_author_counts
                             ${query.status ? 'WHERE status = :status' : ''}
                             GROUP BY bucket HAVING sum(n) <> 0) k
                      JOIN comment_author_buckets b ON b.id = k.bucket) running
             WHERE before <= first AND first < before + n) target
     CROSS JOIN LATERAL (
       SELECT c.id FROM comments c ${whereSql ? `${whereSql} AND` : 'WHERE'}
              (lower(c.author), c.id) >= (target.start_key, target.start_id)
        ${orderBy('author', 'asc')}
        LIMIT ${count} OFFSET target.first - target.before) page`;
}

/**
 * A page of a list whose total is known exactly, in one statement (one snapshot): the walk, the total
 * and the queue's length are read together, so the rows are that snapshot's page even if comments
 * came or went since the counts were read first. The counts are the outer row, so a page past the end
 * (no comment) still carries this snapshot's total.
 */
async function exactPage(db: Db, query: AdminCommentsQuery, whereSql: string, options: Options) {
  const walk = query.sort === 'createdAt' ? weekWalk(query, whereSql) : authorWalk(query, whereSql);
  const direction = query.order === 'asc' ? 'ASC' : 'DESC';
  // ANY(ARRAY(...)): the page's ids are looked up by key, whatever the planner guesses of the walk.
  const rows = await db.sequelize.query<
    Partial<AdminCommentRow> & { sort_key: unknown; list_total: number; list_pending: number }
  >(
    `SELECT page.*, counts.*
       FROM (SELECT ${countsTotal(query.status)} AS list_total,
                    (${PENDING_SQL}) AS list_pending
            ) counts
       LEFT JOIN LATERAL (
         SELECT ${ADMIN_COMMENT_COLUMNS}, ${SORT_SQL[query.sort]} AS sort_key
           FROM comments c LEFT JOIN posts p ON p.id = c.post_id
          WHERE c.id = ANY (ARRAY(${walk}))) page ON true
      ORDER BY page.sort_key ${direction}, page.id ${direction}`,
    options,
  );
  return {
    total: rows[0]!.list_total,
    pending: rows[0]!.list_pending,
    rows: rows
      .filter((row): row is AdminCommentRow & typeof row => row.id !== null)
      .map(({ list_total: _total, list_pending: _pending, sort_key: _key, ...row }) => row),
  };
}
