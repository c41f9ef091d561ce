import type { OperationId } from '@blog/shared';
import type { NextFunction, Request, RequestHandler, Response } from 'express';
import type { Deps } from '../deps.ts';
import { forbidden, notFound } from '../errors.ts';
import type { ApiRoutes } from '../http/routes.ts';
import type { ContractOperation, ContractOperations, MatchedOperation } from './contract-operations.ts';
import { authorizeOperation } from './middlewares/authorize.ts';

/** Per operationId, the chain a module registered for it: its middlewares, then its handler. */
export type OperationRegistry = ReadonlyMap<OperationId, readonly RequestHandler[]>;

/**
 * What is wrong between the contract's operations and the modules' registrations: an operation no
 * module serves, a registration for an operationId the contract lacks (only reachable past the type
 * check, e.g. through a cast), and an operation registered twice. Empty when each operation has
 * exactly one handler.
 */
export function registryProblems(
  operations: readonly Pick<ContractOperation, 'operationId' | 'method' | 'path'>[],
  modules: readonly Pick<ApiRoutes, 'registered'>[],
): string[] {
  const known = new Set<string>(operations.map((operation) => operation.operationId));
  const seen = new Set<string>();
  const problems: string[] = [];
  for (const { registered } of modules)
    for (const { operationId } of registered) {
      if (!known.has(operationId)) problems.push(`${operationId}: no such operation in the contract`);
      else if (seen.has(operationId)) problems.push(`${operationId}: registered twice`);
      seen.add(operationId);
    }
  for (const operation of operations)
    if (!seen.has(operation.operationId))
      problems.push(`${operation.operationId} (${operation.method} ${operation.path}): no handler`);
  return problems;
}

/**
 * The one table of handlers, keyed by operationId. Throws when the contract and the modules disagree
 * (registryProblems), so an app missing a handler, or holding one for no operation, is never built.
 */
export function operationRegistry(
  operations: readonly ContractOperation[],
  modules: readonly ApiRoutes[],
): OperationRegistry {
  const problems = registryProblems(operations, modules);
  if (problems.length > 0)
    throw new Error(`The handlers do not match the contract's operations:\n  ${problems.join('\n  ')}`);
  return new Map(
    modules.flatMap(({ registered }) => registered.map((entry) => [entry.operationId, entry.chain])),
  );
}

export const NO_SUCH_API_PATH = 'Nie ma takiego adresu API.';

/**
 * Mounted at /api: which operation of the contract the request is, exactly as written (case, slashes,
 * no normalising); a request that is none ends here with 404, before a body is read, a session
 * loaded or any handler runs. Operations at the site root are no /api calls.
 */
export function apiOperation(operations: ContractOperations): RequestHandler {
  return (req, _res, next) => {
    const operation = operations.match(req.method, req.path);
    req.operation = operation?.base === '/api' ? operation : undefined;
    next(req.operation ? undefined : notFound(NO_SUCH_API_PATH));
  };
}

/** Runs `chain` as Express would run one route's handlers: each calls next, a throw or rejection is the error. */
function runChain(chain: readonly RequestHandler[], req: Request, res: Response, done: NextFunction): void {
  let index = 0;
  const next = (err?: unknown): void => {
    if (err !== undefined && err !== null) return done(err);
    const handler = chain[index];
    index += 1;
    if (!handler) return done();
    try {
      const result: unknown = handler(req, res, next);
      if (result instanceof Promise) result.catch(done);
    } catch (error) {
      done(error);
    }
  };
  next();
}

/**
 * Hands a request to the handler registered for its operation, with `req.params` = the operation's
 * path parameters. Only for the operation whose access authorize.ts has just decided: a request that
 * reached this point any other way (a misordered middleware) is refused, never served unchecked. An
 * operation without a handler cannot be here (operationRegistry refuses to build such an app).
 */
export function dispatchOperation(registry: OperationRegistry): RequestHandler {
  return (req, res, next) => {
    const operation = req.operation;
    if (!operation || req.authorizedOperation !== operation) return next(forbidden());
    const chain = registry.get(operation.operationId);
    if (!chain) return next();
    req.params = operation.pathParams;
    runChain(chain, req, res, next);
  };
}

/**
 * The contract's operations at the site root (path-level `servers: [{url: /}]`: the probes, the RSS
 * feed, the sitemap), in the same steps as an /api call: match exactly, decide access once, dispatch.
 * `only` limits it to some operations (the probes answer before everything else in app.ts). Anything
 * else passes on untouched (the SPA, the modules' non-operation addresses).
 */
export function siteOperations(
  deps: Pick<Deps, 'sequelize'>,
  operations: ContractOperations,
  registry: OperationRegistry,
  only?: readonly OperationId[],
): RequestHandler {
  const dispatch = dispatchOperation(registry);
  return (req, res, next) => {
    const operation: MatchedOperation | undefined = operations.match(req.method, req.path);
    if (!operation || operation.base !== '' || (only && !only.includes(operation.operationId))) return next();
    req.operation = operation;
    authorizeOperation(deps, req).then(() => dispatch(req, res, next), next);
  };
}
