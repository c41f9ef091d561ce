import express from 'express';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import type { AuthUser } from '../http/auth.ts';
import { apiRoutes } from '../http/routes.ts';
import type { Runtime } from '../runtime.ts';
import { TestBrowser } from '../../test/browser.ts';
import { buildCategory, buildPost, buildUser } from '../../test/factories.ts';
import { startTestApi, type TestApi } from '../../test/harness.ts';
import { clientIp, rawRequest } from '../../test/http.ts';
import { contractOperationList } from '../../test/authorization.fixtures.ts';
import { contractOperations } from './contract-operations.ts';
import { healthRouter } from './health.router.ts';
import { authorize } from './middlewares/authorize.ts';
import { csrfProtection } from './middlewares/csrf.ts';
import { errorHandler } from './middlewares/error-handler.ts';
import {
  apiOperation,
  dispatchOperation,
  type OperationRegistry,
  operationRegistry,
  registryProblems,
} from './operation-registry.ts';
import { moduleRouters } from './routers.ts';

/**
 * Each operation is declared once, in the contract; a module only registers its handler by
 * operationId. A handler for no operation does not compile (the @ts-expect-error lines below fail the
 * typecheck the day they compile); an operation without a handler, or one registered twice, stops
 * the app from being built. The access check runs once per request, and a handler only ever runs for
 * the operation whose access was just decided.
 */

const PASSWORD = 'Dobre-Hasło1';
const matcher = contractOperations();

let api: TestApi;
let runtime: Runtime;
beforeAll(async () => {
  api = await startTestApi();
  runtime = api.runtime;
});
afterAll(async () => {
  await api?.close();
});

const everyModule = () => [healthRouter(runtime), csrfProtection(runtime).routes, ...moduleRouters(runtime)];

describe('every operation of the contract has exactly one handler', () => {
  it('registers each operation of openapi.yaml once, and nothing else', async () => {
    const modules = everyModule();
    expect(registryProblems(matcher.all, modules)).toEqual([]);
    // Against the YAML read on its own, not through the matcher the app uses.
    const registered = modules.flatMap(({ registered }) => registered.map((entry) => entry.operationId));
    const operations = await contractOperationList();
    expect([...registered].sort()).toEqual(operations.map((operation) => operation.operationId).sort());
  });

  it('refuses to build a registry with a missing, unknown or doubled handler', () => {
    const modules = everyModule();
    const posts = modules.find(({ registered }) => registered.some((r) => r.operationId === 'listPosts'))!;
    posts.registered.splice(
      posts.registered.findIndex((entry) => entry.operationId === 'listPosts'),
      1,
    );
    const stray = apiRoutes();
    // @ts-expect-error an operationId the contract does not have cannot be registered
    stray.on('adminDeleteEverything', (_req, res) => {
      res.json({});
    });
    stray.on('getCsrfToken', (_req, res) => {
      res.json({});
    });
    const problems = registryProblems(matcher.all, [...modules, stray]);
    expect(problems).toEqual([
      'adminDeleteEverything: no such operation in the contract',
      'getCsrfToken: registered twice',
      'listPosts (GET /posts): no handler',
    ]);
    expect(() => operationRegistry(matcher.all, [...modules, stray])).toThrow(
      /listPosts \(GET \/posts\): no handler/,
    );
  });

  it('types a handler by its operation: the caller by x-auth, the parameters by the path', () => {
    const routes = apiRoutes();
    routes.on('changePassword', (_req, res, caller) => {
      res.json({ id: caller.id });
    });
    routes.on('listPosts', (_req, res, caller) => {
      // @ts-expect-error a public operation's caller may be signed out
      res.json({ id: caller.id });
    });
    routes.on('adminGetPostRevision', (req, res) => {
      const { id, revisionId }: { id: string; revisionId: string } = req.params;
      // @ts-expect-error the operation's path has no slug
      res.json({ id, revisionId, slug: req.params.slug });
    });
    expect(routes.registered.map((entry) => entry.operationId)).toEqual([
      'changePassword',
      'listPosts',
      'adminGetPostRevision',
    ]);
  });
});

describe('the access check runs once per request', () => {
  it('asks the database who owns a post (or a category) once, for a call let in and one refused', async () => {
    const publisher = await buildUser({ role: 'publisher', password: PASSWORD });
    const admin = await buildUser({ role: 'admin' });
    const category = await buildCategory();
    const own = await buildPost({ userId: publisher.id, categories: [category] });
    const foreign = await buildPost({ userId: admin.id });
    const browser = new TestBrowser(api, clientIp());
    await browser.signIn(publisher.username, PASSWORD);

    const query = vi.spyOn(api.runtime.sequelize, 'query');
    const asked = (sql: string) => query.mock.calls.filter(([text]) => text === sql).length;
    try {
      const calls: [string, string, number, string][] = [
        [
          'PATCH',
          `/api/admin/posts/${own.id}/toggle-visibility`,
          200,
          'SELECT user_id FROM posts WHERE id = :id',
        ],
        ['DELETE', `/api/admin/posts/${foreign.id}`, 403, 'SELECT user_id FROM posts WHERE id = :id'],
        [
          'PATCH',
          `/api/admin/categories/${category.id}/toggle-visibility`,
          200,
          'SELECT enabled FROM categories WHERE id = :id',
        ],
      ];
      for (const [method, path, status, sql] of calls) {
        query.mockClear();
        const res = await browser.call(method, path, {});
        expect(`${method} ${path} → ${res.status}`).toBe(`${method} ${path} → ${status}`);
        expect(`${method} ${path}: ${asked(sql)} ownership query`).toBe(
          `${method} ${path}: 1 ownership query`,
        );
      }
    } finally {
      query.mockRestore();
    }
  });
});

describe('the site root', () => {
  it('serves its contract operations there and only there, beside the addresses that are none', async () => {
    const answers: Record<string, number> = {};
    for (const path of [
      '/healthz',
      '/readyz',
      '/rss.xml',
      '/sitemap.xml',
      '/robots.txt',
      '/rss/category/2147483647.xml',
      '/api/healthz',
      '/api/rss.xml',
      '/RSS.xml',
      '/sitemap.xml/',
    ])
      answers[path] = (await rawRequest(api.port, 'GET', path)).status;
    expect(answers).toEqual({
      '/healthz': 200,
      '/readyz': 200,
      '/rss.xml': 200,
      '/sitemap.xml': 200,
      '/robots.txt': 200,
      // No such category: the feed's own 404.
      '/rss/category/2147483647.xml': 404,
      '/api/healthz': 404,
      '/api/rss.xml': 404,
      '/RSS.xml': 404,
      '/sitemap.xml/': 404,
    });
  });
});

describe('a handler runs only for the operation whose access was just decided', () => {
  /**
   * A bare app: the contract matcher and the dispatcher, with or without the access check between
   * them, as if app.ts had lost it or misordered it.
   */
  async function bareApp(user: AuthUser | undefined, { checked }: { checked: boolean }) {
    const routes = apiRoutes();
    let ran = 0;
    routes.on('adminSendTestEmail', (_req, res) => {
      ran++;
      res.json({ secret: true });
    });
    routes.on('adminUpdatePost', (_req, res, caller) => {
      ran++;
      res.json({ by: caller.id });
    });
    const registry: OperationRegistry = new Map(
      routes.registered.map((entry) => [entry.operationId, entry.chain]),
    );
    const app = express();
    app.use((req, _res, next) => {
      req.user = user;
      next();
    });
    app.use('/api', apiOperation(matcher));
    if (checked) app.use('/api', authorize(runtime));
    app.use('/api', dispatchOperation(registry));
    app.use(errorHandler(runtime.logger, { exposeContractErrors: false }));
    const server = app.listen(0);
    await new Promise((resolve) => server.once('listening', resolve));
    const port = (server.address() as { port: number }).port;
    return { port, ran: () => ran, close: () => new Promise((resolve) => server.close(resolve)) };
  }

  const asUser = (row: { id: number; username: string; role: string }): AuthUser => ({
    id: row.id,
    username: row.username,
    role: row.role as AuthUser['role'],
    displayName: null,
    email: null,
    passwordTemporary: false,
  });

  it('answers 401, 403 and the owner’s 403 before the handler runs', async () => {
    const publisher = await buildUser({ role: 'publisher' });
    const other = await buildUser({ role: 'publisher' });
    const post = await buildPost({ userId: other.id });
    const cases: [AuthUser | undefined, string, string, number][] = [
      [undefined, 'POST', '/api/admin/test-email', 401],
      [asUser(publisher), 'POST', '/api/admin/test-email', 403],
      [asUser(publisher), 'PUT', `/api/admin/posts/${post.id}`, 403],
      [asUser(other), 'PUT', `/api/admin/posts/${post.id}`, 200],
    ];
    for (const [user, method, path, status] of cases) {
      const app = await bareApp(user, { checked: true });
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

  it('refuses every call when nothing decided its access, even the owner’s', async () => {
    const owner = await buildUser({ role: 'admin' });
    const post = await buildPost({ userId: owner.id });
    const app = await bareApp(asUser(owner), { checked: false });
    try {
      for (const [method, path] of [
        ['POST', '/api/admin/test-email'],
        ['PUT', `/api/admin/posts/${post.id}`],
      ] as const)
        expect(
          (await rawRequest(app.port, method, path, { 'content-type': 'application/json' }, '{}')).status,
        ).toBe(403);
      expect(app.ran()).toBe(0);
    } finally {
      await app.close();
    }
  });

  it('routes exactly: another case or a trailing slash is no operation', async () => {
    const app = await bareApp(undefined, { checked: true });
    try {
      for (const path of ['/api/ADMIN/test-email', '/api/admin/test-email/', '/api/Admin/Test-Email'])
        expect((await rawRequest(app.port, 'POST', path)).status).toBe(404);
      expect(app.ran()).toBe(0);
    } finally {
      await app.close();
    }
  });
});
