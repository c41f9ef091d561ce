import { ADMIN_USERS_LIST, LIST_MESSAGES, ROLES, type AdminUserStatus } from '@blog/shared/rules';
import { col, fn, Op, type Order, QueryTypes, Utils, where as sqlWhere, type WhereOptions } from 'sequelize';
import { z } from 'zod';
import type { Db } from '../../deps.ts';
import { likePattern, listPage, listQuerySchema } from '../../http/list-query.ts';
import { listTotal } from '../../http/list-total.ts';
import { User } from './user.model.ts';

/** GET /admin/users: the shared list query plus the role filter. */
export const adminUsersQuerySchema = listQuerySchema(ADMIN_USERS_LIST).extend({
  role: z.enum(ROLES, { error: LIST_MESSAGES.role }).optional(),
});
export type AdminUsersQuery = z.infer<typeof adminUsersQuerySchema>;

/** The untyped part of Sequelize's query generator this file uses. */
interface SelectQueryGenerator {
  selectQuery(table: unknown, options: object, model: unknown): string;
}

const STATUS_ACTIVE: Record<AdminUserStatus, boolean> = { active: true, inactive: false };
const SORT_COLUMN = { username: 'username', createdAt: 'created_at', email: 'email' } as const;
const SEARCHED = ['username', 'display_name', 'email'] as const;

/**
 * One page of accounts, searched in username, display name and e-mail (the fields the users screen shows), with its
 * total (see listTotal: exact up to 10,000 matches, 1,000 when searched, or on the last page, a
 * lower bound beyond). Sorted by username or date, a page walks an index in that order (migration
 * 20261129100000); searches use the trigram indexes of migration 20261127130000.
 */
export async function listAdminUsersPage(db: Db, query: AdminUsersQuery) {
  const conditions: WhereOptions[] = [];
  if (query.role) conditions.push({ role: query.role });
  if (query.status) conditions.push({ isActive: STATUS_ACTIVE[query.status] });
  if (query.q) {
    const pattern = likePattern(query.q);
    conditions.push({
      [Op.or]: SEARCHED.map((name) => sqlWhere(fn('lower', col(name)), Op.like, pattern)),
    });
  }
  const direction = query.order === 'asc' ? 'ASC' : 'DESC';
  // Users without an e-mail sort last either way (NULLS LAST), ties by id so paging is stable.
  const nulls = query.sort === 'email' ? ' NULLS LAST' : '';
  const where = { [Op.and]: conditions };
  const offset = (query.page - 1) * query.limit;
  const options = { where, transaction: db.transaction } as const;
  const order: Order = [
    [col(SORT_COLUMN[query.sort]), `${direction}${nulls}`],
    ['id', direction],
  ];
  // Sequelize's own SELECT of this filter's ids, so the WHERE is written once for the page and the count.
  const generator = db.sequelize.getQueryInterface().queryGenerator as SelectQueryGenerator;
  // Attribute names to columns (`isActive` → `is_active`) as findAll does; the generator alone does not.
  const mapped = Utils.mapOptionFieldNames({ where, attributes: ['id'] }, User);
  const selectIds = (extra: object) =>
    generator.selectQuery(User.getTableName(), { ...mapped, ...extra }, User).replace(/;\s*$/, '');
  // Ids first: a late page walks the sort's index (index-only) instead of reading and sorting every
  // account's row; then the columns of that page only.
  const ids = (
    await db.sequelize.query<{ id: number }>(selectIds({ order, limit: query.limit + 1, offset }), {
      type: QueryTypes.SELECT,
      transaction: db.transaction,
    })
  ).map((row) => row.id);
  const fetched =
    ids.length === 0 ? [] : await User.findAll({ where: { id: ids }, order, transaction: db.transaction });
  // The same capped count as the other lists (readers who register can be many).
  const count = async (cap: number | null) => {
    if (cap === null) return User.count(options);
    const [counted] = await db.sequelize.query<{ total: number }>(
      `SELECT count(*)::int AS total FROM (${selectIds({ limit: cap })}) matching`,
      { type: QueryTypes.SELECT, transaction: db.transaction },
    );
    return counted?.total ?? 0;
  };
  const { total, exact } = await listTotal(fetched.length, query, count);
  const rows = fetched.slice(0, query.limit);
  return { ...listPage(rows, total, query.page, query.limit), totalExact: exact };
}
