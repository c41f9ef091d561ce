import type { RequestHandler } from 'express';
import { QueryTypes } from 'sequelize';
import type { Deps } from '../../deps.ts';
import { forbidden, unauthorized } from '../../errors.ts';

import type { Access } from '../contract-operations.ts';

const ROLES_BY_ACCESS: Record<Exclude<Access, 'public' | 'user'>, readonly string[]> = {
  staff: ['admin', 'publisher'],
  admin: ['admin'],
};

export const NOT_YOUR_POST = 'Możesz zmieniać tylko własne posty.';

/**
 * The one place where access is decided: each operation's `x-auth` (and `x-owner`) in the
 * contract. Signed out → 401; wrong role → 403; a publisher calling an `x-owner: post` operation
 * on another author's post → 403. Routes outside the contract never get here as 2xx (the app
 * answers them 404), so a new route without a rule cannot slip through.
 */
export function authorize(deps: Pick<Deps, 'sequelize'>): RequestHandler {
  return async (req, _res, next) => {
    const operation = req.operation;
    const access = operation?.access;
    if (!operation || access === undefined || access === 'public') return next();
    const user = req.user;
    if (!user) throw unauthorized();
    if (access !== 'user' && !ROLES_BY_ACCESS[access].includes(user.role)) throw forbidden();
    if (operation.owner === 'post' && user.role === 'publisher') {
      const id = Number(operation.pathParams.id);
      if (Number.isSafeInteger(id) && id >= 1 && id <= 2_147_483_647) {
        const [post] = await deps.sequelize.query<{ user_id: number | null }>(
          'SELECT user_id FROM posts WHERE id = :id',
          { type: QueryTypes.SELECT, replacements: { id } },
        );
        // A missing post is the handler's 404, not a 403 that would reveal nothing anyway.
        if (post && post.user_id !== user.id) throw forbidden(NOT_YOUR_POST);
      }
    }
    next();
  };
}
