import { ADMIN_USERS_LIST, LIST_MESSAGES, ROLES, type AdminUserStatus } from '@blog/openapi/rules';
import { col, fn, Op, where as sqlWhere, type WhereOptions } from 'sequelize';
import { z } from 'zod';
import type { Db } from '../../deps.ts';
import { likePattern, listPage, listQuerySchema } from '../../http/list-query.ts';
import { User } from './user.model.ts';

/** GET /admin/users: the shared list query plus the role filter. */
export const adminUsersQuerySchema = listQuerySchema(ADMIN_USERS_LIST).extend({
  role: z.enum(ROLES, { error: LIST_MESSAGES.role }).optional(),
});
export type AdminUsersQuery = z.infer<typeof adminUsersQuerySchema>;

const STATUS_ACTIVE: Record<AdminUserStatus, boolean> = { active: true, inactive: false };
const SORT_COLUMN = { username: 'username', createdAt: 'created_at', email: 'email' } as const;
const SEARCHED = ['username', 'display_name', 'email'] as const;

/**
 * One page of accounts, searched in username, display name and e-mail (spec §2's fields). The table
 * holds the staff and the readers who registered: small enough for a plain scan, so no index.
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
  // The page and the count side by side (findAndCountAll would run them one after the other).
  const [rows, count] = await Promise.all([
    User.findAll({
      where,
      order: [
        [col(SORT_COLUMN[query.sort]), `${direction}${nulls}`],
        ['id', direction],
      ],
      limit: query.limit,
      offset: (query.page - 1) * query.limit,
      transaction: db.transaction,
    }),
    User.count({ where, transaction: db.transaction }),
  ]);
  return listPage(rows, count, query.page, query.limit);
}
