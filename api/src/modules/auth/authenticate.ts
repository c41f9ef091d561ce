import type { RequestHandler } from 'express';
import { QueryTypes } from 'sequelize';
import type { Deps } from '../../deps.ts';
import type { AuthUser } from '../../http/auth.ts';
import { endSession } from './sessions.ts';

/**
 * The account of a session, read for every signed-in request: one plain SELECT by primary key. A
 * model query (User.findByPk) cost about twice the CPU time for the same row (options cloned, an
 * instance built), on every request of the panel.
 */
const ACCOUNT_SQL = `SELECT id, username, role, display_name AS "displayName", email,
  password_temporary AS "passwordTemporary", is_active AS "isActive" FROM users WHERE id = :id`;

/** The account `userId` names while it is active; undefined when it is gone or deactivated. */
export async function activeAccount(
  deps: Pick<Deps, 'sequelize'>,
  userId: number,
): Promise<AuthUser | undefined> {
  const [account] = await deps.sequelize.query<AuthUser & { isActive: boolean }>(ACCOUNT_SQL, {
    type: QueryTypes.SELECT,
    replacements: { id: userId },
  });
  if (!account?.isActive) return undefined;
  const { isActive: _active, ...user } = account;
  return user;
}

/**
 * Loads the account of the session on every request that has one, so a role change or a
 * deactivation counts at once; a session whose account is gone or inactive is ended.
 */
export function authenticate(deps: Pick<Deps, 'config' | 'sequelize'>): RequestHandler {
  return async (req, res, next) => {
    const userId = req.session?.userId;
    if (userId === undefined) return next();
    const user = await activeAccount(deps, userId);
    if (!user) {
      await endSession(req, res, deps.config);
      return next();
    }
    req.user = user;
    next();
  };
}
