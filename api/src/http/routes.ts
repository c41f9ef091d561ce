import type { OperationAccess, OperationId, operations } from '@blog/shared';
import { type Access, can, meetsAccess, type Owner } from '@blog/shared/policy';
import { ID_MAX } from '@blog/shared/rules';
import { type Request, type RequestHandler, type Response, Router } from 'express';
import { QueryTypes } from 'sequelize';
import type { Deps } from '../deps.ts';
import { forbidden, unauthorized } from '../errors.ts';
import type { AuthUser } from './auth.ts';
import { assertMayChangeCategory } from './category-owner.ts';

export type { Access, Owner } from '@blog/shared/policy';

/** An operation's rule as the contract writes it: `x-auth`, and `x-owner` where it has one. */
export interface AccessRule {
  access: Access;
  owner?: Owner;
}

/** The caller a handler gets: a signed-in account wherever the rule demands one. */
export type Caller<A extends Access> = A extends 'public' ? AuthUser | undefined : AuthUser;

/** The access level (`x-auth`) the contract gives operation `Id`. */
export type AccessOf<Id extends OperationId> = OperationAccess[Id]['access'];

type PathOf<Id extends OperationId> = operations[Id]['parameters'] extends { path: infer P } ? P : never;

/** The path parameters of operation `Id` as a handler reads them: strings, under the contract's names. */
export type PathParams<Id extends OperationId> = [PathOf<Id>] extends [never]
  ? Record<string, never>
  : { [K in keyof PathOf<Id> & string]: string };

export type OperationHandler<Id extends OperationId> = (
  req: Request<PathParams<Id>>,
  res: Response,
  caller: Caller<AccessOf<Id>>,
) => Promise<void> | void;

/** A module's handler for one operation, after its own middlewares (a rate limit, an upload reader). */
export interface Registration {
  operationId: OperationId;
  chain: RequestHandler[];
}

export const NOT_YOUR_POST = 'Możesz zmieniać tylko własne posty.';

/**
 * Exact routing: `/Admin` is not `/admin` and `/users/` is not `/users`, so Express can never read a
 * path differently from the contract matcher that decides access. Every router of the app is made here.
 */
export const exactRouter = (): Router => Router({ caseSensitive: true, strict: true });

/** The `{id}` of a path when it is one; anything else is the handler's 400 (it validates). */
function pathId(raw: string | undefined): number | undefined {
  const id = Number(raw);
  return Number.isSafeInteger(id) && id >= 1 && id <= ID_MAX ? id : undefined;
}

/**
 * Whether `caller` passes `rule`; throws the 401 / 403 the contract promises. `method` tells an
 * `x-owner: category` refusal's message (delete, or hide / show); the change itself checks again in
 * its transaction, where it counts.
 */
export async function checkAccess(
  deps: Pick<Deps, 'sequelize'>,
  rule: AccessRule,
  caller: AuthUser | undefined,
  rawId: string | undefined,
  method: string,
): Promise<void> {
  if (rule.access === 'public') return;
  if (!caller) throw unauthorized();
  if (!meetsAccess(rule.access, caller.role)) throw forbidden();
  // Someone the policy lets change any category or post needs no look at it.
  if (rule.owner === 'category' && !can(caller, 'changeCategory', { holdsOthersWork: true })) {
    const id = pathId(rawId);
    // A missing category is the handler's 404.
    if (id === undefined) return;
    const [category] = await deps.sequelize.query<{ enabled: boolean }>(
      'SELECT enabled FROM categories WHERE id = :id',
      { type: QueryTypes.SELECT, replacements: { id } },
    );
    if (!category) return;
    const change = method === 'DELETE' ? 'delete' : category.enabled ? 'hide' : 'show';
    await assertMayChangeCategory(deps, id, caller, change);
  }
  if (rule.owner === 'post' && !can(caller, 'changePost', { authorId: null })) {
    const id = pathId(rawId);
    // A missing post is the handler's 404.
    if (id === undefined) return;
    const [post] = await deps.sequelize.query<{ user_id: number | null }>(
      'SELECT user_id FROM posts WHERE id = :id',
      { type: QueryTypes.SELECT, replacements: { id } },
    );
    if (post && !can(caller, 'changePost', { authorId: post.user_id })) throw forbidden(NOT_YOUR_POST);
  }
}

/**
 * How a module serves the contract: `routes.on(operationId, ...middlewares, handler)`. The operation's
 * method, path, access rule (`x-auth`, `x-owner`), CSRF rule and body types are the contract's alone;
 * the app matches a request to its operation, decides access once, and only then runs what was
 * registered here with `req.params` set to the operation's path parameters. An operationId the
 * contract lacks does not compile; an operation no module registers stops the app from being built
 * (app/operation-registry.ts). The handler gets the caller typed by the operation's access.
 */
export function apiRoutes() {
  const registered: Registration[] = [];
  return {
    registered,
    /**
     * Public addresses at the site root that are no contract operation (robots.txt, the feeds of one
     * category or tag): plain Express routes, exact like every router here.
     */
    site: exactRouter(),
    on<Id extends OperationId>(
      operationId: Id,
      ...args: [...middlewares: RequestHandler[], handler: OperationHandler<Id>]
    ): void {
      const handler = args.at(-1) as OperationHandler<Id>;
      const middlewares = args.slice(0, -1) as RequestHandler[];
      const run: RequestHandler = async (req, res) => {
        await handler(req as unknown as Request<PathParams<Id>>, res, req.user as Caller<AccessOf<Id>>);
      };
      registered.push({ operationId, chain: [...middlewares, run] });
    },
  };
}

export type ApiRoutes = ReturnType<typeof apiRoutes>;
