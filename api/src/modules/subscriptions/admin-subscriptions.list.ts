import { ADMIN_SUBSCRIPTIONS_LIST, type AdminSubscriptionStatus } from '@blog/shared/rules';
import { QueryTypes } from 'sequelize';
import type { z } from 'zod';
import type { Db } from '../../deps.ts';
import { likePattern, listIdFilter, listPage, listQuerySchema } from '../../http/list-query.ts';
import { listTotal } from '../../http/list-total.ts';

/** GET /admin/subscriptions (and its CSV export): the shared list query plus the category filter. */
export const adminSubscriptionsQuerySchema = listQuerySchema(ADMIN_SUBSCRIPTIONS_LIST).extend({
  category: listIdFilter,
});
export type AdminSubscriptionsQuery = z.infer<typeof adminSubscriptionsQuerySchema>;

/** The states of the model (confirmation.service.ts isWaiting): a lapsed link is simply inactive. */
const STATUS_SQL: Record<AdminSubscriptionStatus, string> = {
  active: 's.active',
  pending: 'NOT s.active AND s.confirmation_expires_at > :now',
  inactive: 'NOT s.active AND (s.confirmation_expires_at IS NULL OR s.confirmation_expires_at <= :now)',
};

// Same expressions as the indexes of migration 20261127003000 (sorts and the trigram search).
const SORT_SQL = { createdAt: 's.created_at', email: 'lower(s.email)' } as const;
// The search looks at the e-mail and the category's name. Categories are few: their matches
// are looked up first, which leaves the planner one LIKE on the e-mail it can weigh (the trigram index
// for a rare word, the sort's index walk that stops at the page for a common one) instead of a UNION it
// must read whole and sort. Both compare with diacritics folded (blog_fold: „lodz” finds „Łódź”; the
// e-mail's trigram index is on the folded expression, migration 20261129150000).
const SEARCH_SQL = 'blog_fold(s.email) LIKE blog_fold(:pattern)';
const SEARCH_WITH_CATEGORIES_SQL = `(${SEARCH_SQL} OR s.category_id IN (:categoryIds))`;

export interface AdminSubscriptionRow {
  id: number;
  email: string;
  categoryId: number;
  categoryName: string | null;
  userId: number | null;
  active: boolean;
  confirmationExpiresAt: Date | null;
  createdAt: Date;
}

const COLUMNS = `s.id, s.email, s.category_id AS "categoryId", c.name AS "categoryName", s.user_id AS "userId",
  s.active, s.confirmation_expires_at AS "confirmationExpiresAt", s.created_at AS "createdAt"`;

/**
 * The WHERE (on `s` alone), ORDER BY and values one filter of the list means; the page and the export
 * share them.
 */
export async function subscriptionsFilterSql(db: Db, query: AdminSubscriptionsQuery, now: Date) {
  const where: string[] = [];
  if (query.status) where.push(STATUS_SQL[query.status]);
  if (query.category) where.push('s.category_id = :category');
  const pattern = query.q ? likePattern(query.q) : null;
  let categoryIds: number[] = [];
  if (pattern) {
    categoryIds = (
      await db.sequelize.query<{ id: number }>(
        'SELECT id FROM categories WHERE blog_fold(name) LIKE blog_fold(:pattern)',
        {
          type: QueryTypes.SELECT,
          replacements: { pattern },
          transaction: db.transaction,
        },
      )
    ).map((category) => category.id);
    where.push(categoryIds.length === 0 ? SEARCH_SQL : SEARCH_WITH_CATEGORIES_SQL);
  }
  const direction = query.order === 'asc' ? 'ASC' : 'DESC';
  return {
    whereSql: where.length === 0 ? '' : `WHERE ${where.join(' AND ')}`,
    sortSql: SORT_SQL[query.sort],
    direction,
    replacements: {
      now,
      category: query.category ?? null,
      pattern,
      categoryIds: categoryIds.length === 0 ? null : categoryIds,
    },
  };
}

/** The state a row is in at `now` (what the status filter means). */
export function subscriptionStatus(
  row: Pick<AdminSubscriptionRow, 'active' | 'confirmationExpiresAt'>,
  now: Date,
): AdminSubscriptionStatus {
  if (row.active) return 'active';
  return row.confirmationExpiresAt && row.confirmationExpiresAt > now ? 'pending' : 'inactive';
}

/**
 * One page of subscriptions with their category, and how many match (see listTotal: exact up to
 * 10,000 matches, 1,000 when searched, or on the last page, a lower bound beyond). A page of one
 * item is always counted exactly: that is how the dashboard asks for „Subskrybenci”
 * (`status=active&limit=1`), where the count is the point and a lower bound would be a wrong number;
 * one index-only count of the active subscriptions, once per dashboard visit, is cheap next to a list
 * that is paged through.
 */
export async function listAdminSubscriptionsPage(db: Db, query: AdminSubscriptionsQuery, now: Date) {
  const { whereSql, sortSql, direction, replacements } = await subscriptionsFilterSql(db, query, now);
  const offset = (query.page - 1) * query.limit;
  const options = {
    type: QueryTypes.SELECT,
    replacements: { ...replacements, limit: query.limit + 1, offset },
    transaction: db.transaction,
  } as const;
  const count = async (cap: number | null) => {
    const limited = cap === null ? '' : `LIMIT ${cap}`;
    const [counted] = await db.sequelize.query<{ total: number }>(
      `SELECT count(*)::int AS total FROM (SELECT 1 FROM user_subscriptions s ${whereSql} ${limited}) matching`,
      options,
    );
    return counted?.total ?? 0;
  };
  // Ids first, then the columns and category of that page only: a late page's offset walk stays in
  // the sort's index instead of joining every row it skips.
  const orderSql = `ORDER BY ${sortSql} ${direction}, s.id ${direction}`;
  const fetched = await db.sequelize.query<AdminSubscriptionRow>(
    `SELECT ${COLUMNS}
       FROM (SELECT s.id FROM user_subscriptions s ${whereSql} ${orderSql} LIMIT :limit OFFSET :offset) page
       JOIN user_subscriptions s ON s.id = page.id
       LEFT JOIN categories c ON c.id = s.category_id
      ${orderSql}`,
    options,
  );
  const { total, exact } =
    query.limit === 1 && fetched.length > 1
      ? { total: await count(null), exact: true }
      : await listTotal(fetched.length, query, count);
  const rows = fetched.slice(0, query.limit);
  return { ...listPage(rows, total, query.page, query.limit), totalExact: exact };
}

const EXPORT_BATCH = 2_000;

/**
 * Every row of one filter, in the list's order, a batch at a time (keyset: each batch starts after the
 * last row of the one before, so the cost stays flat however deep the export goes).
 */
export async function* exportAdminSubscriptions(
  db: Db,
  query: AdminSubscriptionsQuery,
  now: Date,
  max: number,
): AsyncGenerator<AdminSubscriptionRow[]> {
  const { whereSql, sortSql, direction, replacements } = await subscriptionsFilterSql(db, query, now);
  const after = direction === 'ASC' ? '>' : '<';
  // The sort key travels as text so a timestamp keeps its microseconds between batches.
  const keyType = query.sort === 'createdAt' ? 'timestamptz' : 'text';
  let last: { key: string; id: number } | null = null;
  let sent = 0;
  while (sent < max) {
    const keyset: string = last ? `(${sortSql}, s.id) ${after} (CAST(:lastKey AS ${keyType}), :lastId)` : '';
    const conditions = [whereSql.replace(/^WHERE /, ''), keyset].filter(Boolean).join(' AND ');
    const rows: (AdminSubscriptionRow & { sortKey: string })[] = await db.sequelize.query(
      `SELECT ${COLUMNS}, (${sortSql})::text AS "sortKey"
         FROM user_subscriptions s LEFT JOIN categories c ON c.id = s.category_id
        ${conditions ? `WHERE ${conditions}` : ''}
        ORDER BY ${sortSql} ${direction}, s.id ${direction} LIMIT :batch`,
      {
        type: QueryTypes.SELECT,
        replacements: {
          ...replacements,
          lastKey: last?.key ?? null,
          lastId: last?.id ?? null,
          batch: Math.min(EXPORT_BATCH, max - sent),
        },
        transaction: db.transaction,
      },
    );
    if (rows.length === 0) return;
    yield rows;
    sent += rows.length;
    const tail = rows[rows.length - 1];
    if (!tail) return;
    last = { key: tail.sortKey, id: tail.id };
    if (rows.length < EXPORT_BATCH) return;
  }
}
