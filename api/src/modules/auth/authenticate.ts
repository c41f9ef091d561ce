import type { RequestHandler } from 'express';
import type { Deps } from '../../deps.ts';
import { toAuthUser } from '../users/user-lookup.ts';
import { User } from '../users/user.model.ts';
import { endSession } from './sessions.ts';

/**
 * Loads the account of the session on every request that has one, so a role change or a
 * deactivation counts at once; a session whose account is gone or inactive is ended.
 */
export function authenticate(deps: Pick<Deps, 'config'>): RequestHandler {
  return async (req, res, next) => {
    const userId = req.session?.userId;
    if (userId === undefined) return next();
    const user = await User.findByPk(userId, {
      attributes: ['id', 'username', 'role', 'displayName', 'email', 'isActive', 'passwordTemporary'],
    });
    if (!user?.isActive) {
      await endSession(req, res, deps.config);
      return next();
    }
    req.user = toAuthUser(user);
    next();
  };
}
