import { ADMIN_COMMENTS_LIST, type CommentStatus } from '@blog/openapi/rules';
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
/** Spec §2: the search covers the author, the e-mail and the content, case-insensitive. */
const SEARCH_SQL = `lower(c.author || ' ' || c.email || ' ' || c.content) LIKE :pattern`;

export const ADMIN_COMMENT_COLUMNS = `c.id, c.post_id, c.author, c.email, c.content, c.status, c.created_at,
  p.title AS post_title, p.slug AS post_slug`;

/**
 * One page of comments with their post's title and slug, its total (see listTotal: exact up to
 * 10,000 matches or on the last page, a lower bound beyond), and how many comments wait for approval
 * in all (the screen's „Oczekujące” filter and the dashboard show it; always exact, a partial index).
 */
export async function listAdminCommentsPage(db: Db, query: AdminCommentsQuery) {
  const where: string[] = [];
  if (query.status) where.push(STATUS_SQL[query.status]);
  if (query.post) where.push('c.post_id = :post');
  if (query.q) where.push(SEARCH_SQL);
  const whereSql = where.length === 0 ? '' : `WHERE ${where.join(' AND ')}`;
  const direction = query.order === 'asc' ? 'ASC' : 'DESC';
  const orderSql = `ORDER BY ${SORT_SQL[query.sort]} ${direction}, c.id ${direction}`;
  const offset = (query.page - 1) * query.limit;
  const replacements = {
    post: query.post ?? null,
    pattern: query.q ? likePattern(query.q) : null,
    limit: query.limit + 1,
    offset,
  };
  const options = { type: QueryTypes.SELECT, replacements, transaction: db.transaction } as const;
  const [fetched, [pending]] = await Promise.all([
    // Ids first, from comments alone: a late page's offset walk stays in the sort's index (index-only
    // where the filter allows) instead of reading every skipped row; then that page's columns and posts.
    db.sequelize.query<AdminCommentRow>(
      `SELECT ${ADMIN_COMMENT_COLUMNS}
         FROM (SELECT c.id FROM comments c ${whereSql} ${orderSql} LIMIT :limit OFFSET :offset) page
         JOIN comments c ON c.id = page.id
         LEFT JOIN posts p ON p.id = c.post_id
        ${orderSql}`,
      options,
    ),
    db.sequelize.query<{ total: number }>(
      `SELECT count(*)::int AS total FROM comments c WHERE ${STATUS_SQL.pending}`,
      options,
    ),
  ]);
  const { total, exact } = await listTotal(fetched.length, offset, query.limit, async (cap) => {
    const limited = cap === null ? '' : `LIMIT ${cap}`;
    const [counted] = await db.sequelize.query<{ total: number }>(
      `SELECT count(*)::int AS total FROM (SELECT 1 FROM comments c ${whereSql} ${limited}) matching`,
      options,
    );
    return counted?.total ?? 0;
  });
  const rows = fetched.slice(0, query.limit);
  return {
    ...listPage(rows, total, query.page, query.limit),
    totalExact: exact,
    pending: pending?.total ?? 0,
  };
}
