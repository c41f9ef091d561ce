import type { RequestHandler } from 'express';
import type { Deps } from '../../deps.ts';
import { forbidden } from '../../errors.ts';
import { checkAccess } from '../../http/routes.ts';

export { NOT_YOUR_POST } from '../../http/routes.ts';

/**
 * The first lock, for every /api request: the operation's `x-auth` (and `x-owner`) in the contract.
 * Signed out → 401; wrong role → 403; a publisher calling an `x-owner: post` operation on another
 * author's post, or an `x-owner: category` one on a category holding others' posts or subscriptions → 403. The app has already answered 404 to a request that is no operation, and an
 * operation without an access rule is refused (the contract test keeps that from shipping). Each
 * route checks its own rule again (http/routes.ts), so one wrong match is not a way in.
 */
export function authorize(deps: Pick<Deps, 'sequelize'>): RequestHandler {
  return async (req, _res, next) => {
    const operation = req.operation;
    if (!operation?.access) throw forbidden();
    await checkAccess(
      deps,
      { access: operation.access, owner: operation.owner },
      req.user,
      operation.pathParams.id,
      operation.method,
    );
    next();
  };
}
