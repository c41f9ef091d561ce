import { type Request, type RequestHandler, type Response, Router } from 'express';
import type { RouteParameters } from 'express-serve-static-core';
import { QueryTypes } from 'sequelize';
import type { Deps } from '../deps.ts';
import { forbidden, unauthorized } from '../errors.ts';
import type { AuthUser } from './auth.ts';
import { assertMayChangeCategory } from './category-owner.ts';

/** Who may call an operation: the contract's `x-auth`. */
export type Access = 'public' | 'user' | 'staff' | 'admin';
/**
 * The contract's `x-owner`: a publisher may call the operation only on a post they wrote (`post`), or
 * only on a category that holds no other author's post and no subscription (`category`).
 */
export type Owner = 'post' | 'category';

export interface AccessRule {
  access: Access;
  owner?: Owner;
}

type Method = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

/** One route as a module declared it: what `routes.test.ts` compares with the contract. */
export interface DeclaredRoute extends AccessRule {
  method: Method;
  /** Express syntax (`/admin/posts/:id`), relative to where the router is mounted. */
  path: string;
}

/** The caller a handler gets: a signed-in account wherever the rule demands one. */
export type Caller<A extends Access> = A extends 'public' ? AuthUser | undefined : AuthUser;

export type RouteHandler<A extends Access, P extends string = string> = (
  req: Request<RouteParameters<P>>,
  res: Response,
  caller: Caller<A>,
) => Promise<void> | void;

const ROLES: Record<Exclude<Access, 'public' | 'user'>, readonly AuthUser['role'][]> = {
  staff: ['admin', 'publisher'],
  admin: ['admin'],
};

export const NOT_YOUR_POST = 'Możesz zmieniać tylko własne posty.';

/**
 * Exact routing: `/Admin` is not `/admin` and `/users/` is not `/users`, so Express can never read a
 * path differently from the contract matcher that decides access. Every router of the app is made here.
 */
export const exactRouter = (): Router => Router({ caseSensitive: true, strict: true });

/** The `{id}` of a path when it is one; anything else is the handler's 400 (it validates). */
function pathId(raw: string | undefined): number | undefined {
  const id = Number(raw);
  return Number.isSafeInteger(id) && id >= 1 && id <= 2_147_483_647 ? id : undefined;
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
  if (rule.access !== 'user' && !ROLES[rule.access].includes(caller.role)) throw forbidden();
  if (rule.owner === 'category' && caller.role === 'publisher') {
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
  if (rule.owner === 'post' && caller.role === 'publisher') {
    const id = pathId(rawId);
    // A missing post is the handler's 404.
    if (id === undefined) return;
    const [post] = await deps.sequelize.query<{ user_id: number | null }>(
      'SELECT user_id FROM posts WHERE id = :id',
      { type: QueryTypes.SELECT, replacements: { id } },
    );
    if (post && post.user_id !== caller.id) throw forbidden(NOT_YOUR_POST);
  }
}

type Args<A extends Access, P extends string> = [
  ...middlewares: RequestHandler[],
  handler: RouteHandler<A, P>,
];

/**
 * The only way a module declares an API route: method, path, the access rule (the same as the
 * contract's `x-auth` / `x-owner`, which `routes.test.ts` checks) and the handler, which gets the
 * caller only after the rule passed. The app's contract check has already decided access once;
 * this is the second lock, so a routing mistake becomes a 401/403, never a handler run for a stranger.
 * The check runs before any of the route's middlewares (an upload is not even read for a stranger).
 */
export function apiRoutes(deps: Pick<Deps, 'sequelize'>) {
  const router = exactRouter();
  const declared: DeclaredRoute[] = [];

  const add =
    (method: Method) =>
    <P extends string, A extends Access>(
      path: P,
      rule: A | { access: A; owner?: Owner },
      ...args: Args<A, P>
    ): void => {
      const { access, owner } = typeof rule === 'string' ? { access: rule, owner: undefined } : rule;
      declared.push({ method, path, access, ...(owner ? { owner } : {}) });
      const handler = args.at(-1) as RouteHandler<A, P>;
      const middlewares = args.slice(0, -1) as RequestHandler[];
      const guard: RequestHandler = async (req, _res, next) => {
        await checkAccess(deps, { access, owner }, req.user, req.params.id as string | undefined, method);
        next();
      };
      const run: RequestHandler = async (req, res) => {
        await handler(req as unknown as Request<RouteParameters<P>>, res, req.user as Caller<A>);
      };
      const lower = method.toLowerCase() as Lowercase<Method>;
      router[lower](path, guard, ...middlewares, run);
    };

  return {
    router,
    declared,
    get: add('GET'),
    post: add('POST'),
    put: add('PUT'),
    patch: add('PATCH'),
    delete: add('DELETE'),
  };
}

export type ApiRoutes = ReturnType<typeof apiRoutes>;
