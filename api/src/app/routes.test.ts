import express from 'express';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AuthUser } from '../http/auth.ts';
import { apiRoutes, type DeclaredRoute } from '../http/routes.ts';
import type { Runtime } from '../runtime.ts';
import { buildPost, buildUser } from '../../test/factories.ts';
import { createTestRuntime } from '../../test/harness.ts';
import { rawRequest } from '../../test/http.ts';
import { contractOperationList } from '../../test/authorization.fixtures.ts';
import { healthRouter } from './health.router.ts';
import { csrfProtection } from './middlewares/csrf.ts';
import { errorHandler } from './middlewares/error-handler.ts';
import { moduleRouters } from './routers.ts';

/**
 * The second lock (issue 18): each route states its own access rule, and the rule must be the
 * contract's. Derived from openapi.yaml, so a new operation without a route, a route without an
 * operation, or a route that states a weaker rule than its operation fails here.
 */

let runtime: Runtime;
beforeAll(async () => {
  runtime = await createTestRuntime();
});
afterAll(async () => {
  await runtime?.close();
});

const key = (route: { method: string; path: string }) => `${route.method} ${route.path}`;
const contractPath = (expressPath: string) =>
  `${expressPath.replace(/:(\w+)/g, (_all, name: string) => `{${name}}`)}`;

describe('every route states the access rule of its contract operation', () => {
  it('declares each operation exactly once, with the same x-auth and x-owner', async () => {
    const mounted = [
      { path: '/', routes: healthRouter(runtime) },
      { path: '/api', routes: csrfProtection(runtime).routes },
      ...moduleRouters(runtime),
    ];
    const declared = mounted.flatMap(({ path, routes }) =>
      routes.declared.map((route: DeclaredRoute) => ({
        ...route,
        base: path === '/api' ? '/api' : '',
        path: contractPath(route.path),
      })),
    );
    const operations = await contractOperationList();
    const byOperation = new Map(operations.map((operation) => [key(operation), operation]));

    const problems: string[] = [];
    const seen = new Set<string>();
    for (const route of declared) {
      const operation = byOperation.get(key(route));
      if (seen.has(key(route))) problems.push(`${key(route)}: declared twice`);
      seen.add(key(route));
      if (!operation) {
        // The site root may serve what is no API call (robots.txt, per-category feeds), but only publicly.
        if (route.base === '/api' || route.access !== 'public')
          problems.push(`${key(route)}: not in the contract`);
        continue;
      }
      if (operation.base !== route.base) problems.push(`${key(route)}: mounted at ${route.base || '/'}`);
      if (operation.access !== route.access)
        problems.push(`${key(route)}: states ${route.access}, the contract ${operation.access}`);
      if (operation.owner !== route.owner)
        problems.push(`${key(route)}: owner rule differs from the contract`);
    }
    for (const operation of operations)
      if (!seen.has(key(operation))) problems.push(`${key(operation)}: no route declares it`);
    expect(problems).toEqual([]);
    expect(seen.size).toBeGreaterThanOrEqual(operations.length);
  });
});

describe('a route refuses a caller by itself, without the app’s contract check in front', () => {
  /** A bare app: no contract matcher, no authorize middleware — as if a routing mistake skipped both. */
  async function bareApp(user: AuthUser | undefined) {
    const routes = apiRoutes(runtime);
    let ran = 0;
    routes.post('/admin/things', 'admin', (_req, res) => {
      ran++;
      res.json({ secret: true });
    });
    routes.put('/admin/posts/:id', { access: 'staff', owner: 'post' }, (_req, res, caller) => {
      ran++;
      res.json({ by: caller.id });
    });
    const app = express();
    app.use((req, _res, next) => {
      req.user = user;
      next();
    });
    app.use(routes.router);
    app.use(errorHandler(runtime.logger, { exposeContractErrors: false }));
    const server = app.listen(0);
    await new Promise((resolve) => server.once('listening', resolve));
    const port = (server.address() as { port: number }).port;
    return { port, ran: () => ran, close: () => new Promise((resolve) => server.close(resolve)) };
  }

  it('answers 401, 403 and the owner’s 403 before the handler runs', async () => {
    const publisher = await buildUser({ role: 'publisher' });
    const other = await buildUser({ role: 'publisher' });
    const post = await buildPost({ userId: other.id });
    const asUser = (row: typeof publisher): AuthUser => ({
      id: row.id,
      username: row.username,
      role: row.role as AuthUser['role'],
      displayName: null,
      email: null,
      passwordTemporary: false,
    });
    const cases: [AuthUser | undefined, string, string, number][] = [
      [undefined, 'POST', '/admin/things', 401],
      [asUser(publisher), 'POST', '/admin/things', 403],
      [asUser(publisher), 'PUT', `/admin/posts/${post.id}`, 403],
      [asUser(other), 'PUT', `/admin/posts/${post.id}`, 200],
    ];
    for (const [user, method, path, status] of cases) {
      const app = await bareApp(user);
      try {
        const answer = await rawRequest(app.port, method, path, { 'content-type': 'application/json' }, '{}');
        expect(`${method} ${path} as ${user?.role ?? 'visitor'} → ${answer.status}`).toBe(
          `${method} ${path} as ${user?.role ?? 'visitor'} → ${status}`,
        );
        expect(app.ran()).toBe(status === 200 ? 1 : 0);
      } finally {
        await app.close();
      }
    }
  });

  it('routes exactly: another case or a trailing slash is no route', async () => {
    const app = await bareApp(undefined);
    try {
      for (const path of ['/ADMIN/things', '/admin/things/', '/Admin/Things'])
        expect((await rawRequest(app.port, 'POST', path)).status).toBe(404);
      expect(app.ran()).toBe(0);
    } finally {
      await app.close();
    }
  });
});
