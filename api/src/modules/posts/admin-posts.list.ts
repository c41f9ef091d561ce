import { ADMIN_POSTS_LIST, type AdminPostStatus } from '@blog/openapi/rules';
import { QueryTypes } from 'sequelize';
import type { z } from 'zod';
import type { Db } from '../../deps.ts';
import { likePattern, listIdFilter, listPage, listQuerySchema } from '../../http/list-query.ts';
import { ADMIN_POST_COLUMNS, type AdminPostRow, loadAdminPostRelations } from './admin-posts.queries.ts';
import { VISIBLE_POST_SQL } from './posts.queries.ts';

/** GET /admin/posts: the shared list query plus the author and category filters. */
export const adminPostsQuerySchema = listQuerySchema(ADMIN_POSTS_LIST).extend({
  author: listIdFilter,
  category: listIdFilter,
});
export type AdminPostsQuery = z.infer<typeof adminPostsQuerySchema>;

/** The product's four statuses as the screen shows them (posts-filter.ts postStatus). */
const STATUS_SQL: Record<AdminPostStatus, string> = {
  published: VISIBLE_POST_SQL,
  hidden: `p.published AND NOT (${VISIBLE_POST_SQL})`,
  draft: 'NOT p.published AND p.scheduled_at IS NULL',
  scheduled: 'NOT p.published AND p.scheduled_at IS NOT NULL',
};

// Same expressions as the indexes of migration 20261127003000 (sorts and the trigram search).
const SORT_SQL = { createdAt: 'p.created_at', updatedAt: 'p.updated_at', title: 'p.title' } as const;
const SEARCH_SQL = `p.id IN (
  SELECT s.id FROM posts s WHERE lower(s.title || ' ' || s.slug || ' ' || coalesce(s.excerpt, '')) LIKE :pattern
  UNION
  SELECT pt.post_id FROM post_tags pt JOIN tags t ON t.id = pt.tag_id WHERE lower(t.name) LIKE :pattern)`;

/** One page of posts (no bodies), searched in title, slug, excerpt and tags, with the page's count. */
export async function listAdminPostsPage(db: Db, query: AdminPostsQuery) {
  const where: string[] = [];
  if (query.status) where.push(STATUS_SQL[query.status]);
  if (query.author) where.push('p.user_id = :author');
  if (query.category)
    where.push(
      'EXISTS (SELECT 1 FROM post_categories pc WHERE pc.post_id = p.id AND pc.category_id = :category)',
    );
  if (query.q) where.push(SEARCH_SQL);
  const whereSql = where.length === 0 ? '' : `WHERE ${where.join(' AND ')}`;
  const direction = query.order === 'asc' ? 'ASC' : 'DESC';
  const replacements = {
    author: query.author ?? null,
    category: query.category ?? null,
    pattern: query.q ? likePattern(query.q) : null,
    limit: query.limit,
    offset: (query.page - 1) * query.limit,
  };
  const options = { type: QueryTypes.SELECT, replacements, transaction: db.transaction } as const;
  const [rows, [counted]] = await Promise.all([
    db.sequelize.query<AdminPostRow>(
      `SELECT ${ADMIN_POST_COLUMNS} FROM posts p ${whereSql}
        ORDER BY ${SORT_SQL[query.sort]} ${direction}, p.id ${direction} LIMIT :limit OFFSET :offset`,
      options,
    ),
    db.sequelize.query<{ total: number }>(`SELECT count(*)::int AS total FROM posts p ${whereSql}`, options),
  ]);
  const relations = await loadAdminPostRelations(db, rows);
  return { rows, relations, page: listPage(rows, counted?.total ?? 0, query.page, query.limit) };
}
