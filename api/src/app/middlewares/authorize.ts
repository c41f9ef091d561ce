import type { Request, RequestHandler } from 'express';
import type { Deps } from '../../deps.ts';
import { forbidden } from '../../errors.ts';
import { checkAccess } from '../../http/routes.ts';
import type { MatchedOperation } from '../contract-operations.ts';

export { NOT_YOUR_POST } from '../../http/routes.ts';

declare module 'express-serve-static-core' {
  interface Request {
    /** The operation whose access was decided for this request (the one check; dispatch requires it). */
    authorizedOperation?: MatchedOperation;
  }
}

/**
 * The access check, once per request: the operation's `x-auth` (and `x-owner`) in the contract.
 * Signed out → 401; wrong role → 403; a publisher calling an `x-owner: post` operation on another
 * author's post, or an `x-owner: category` one on a category holding others' posts or subscriptions → 403. An
 * operation without an access rule is refused (the contract test keeps that from shipping). Only
 * after it passes may the operation's handler run (operation-registry.ts checks that it did).
 */
export async function authorizeOperation(deps: Pick<Deps, 'sequelize'>, req: Request): Promise<void> {
  const operation = req.operation;
  if (!operation?.access) throw forbidden();
  await checkAccess(
    deps,
    { access: operation.access, owner: operation.owner },
    req.user,
    operation.pathParams.id,
    operation.method,
  );
  req.authorizedOperation = operation;
}

/** For every /api request, after the app has answered 404 to one that is no operation. */
export function authorize(deps: Pick<Deps, 'sequelize'>): RequestHandler {
  return async (req, _res, next) => {
    await authorizeOperation(deps, req);
    next();
  };
}
