import { readFile } from 'node:fs/promises';
import { createServer } from 'node:http';
import { openapiPath } from '@blog/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { parse } from 'yaml';
import type { Runtime } from '../runtime.ts';
import type { User } from '../modules/users/user.model.ts';
import { TestBrowser } from '../../test/browser.ts';
import {
  buildCategory,
  buildComment,
  buildPost,
  buildSubscription,
  buildUser,
} from '../../test/factories.ts';
import { createTestRuntime, startTestApi, type TestApi } from '../../test/harness.ts';
import { exactRouter } from '../http/routes.ts';
import { clientIp } from '../../test/http.ts';
import { createApp } from './app.ts';

type Access = 'public' | 'user' | 'staff' | 'admin';
const PASSWORD = 'Dobre-Hasło1';

interface Operation {
  operationId: string;
}
type PathItem = Record<string, Operation | unknown> & { servers?: unknown };

describe('the contract is enforced on responses', () => {
  let runtime: Runtime;
  beforeAll(async () => {
    runtime = await createTestRuntime();
  });
  afterAll(async () => {
    await runtime?.close();
  });

  it('turns a response with an undocumented field into a loud 500 outside production', async () => {
    const leaky = exactRouter().get('/site-settings', (_req, res) => {
      res.json({
        titleLink: '/',
        blogDescription: 'x',
        aboutPageContent: '',
        commentsEnabled: true,
        secret: 1,
      });
    });
    const app = createApp(runtime, { extraRouters: [leaky] });
    const server = createServer(app).listen(0);
    try {
      const port = (server.address() as { port: number }).port;
      const res = await fetch(`http://127.0.0.1:${port}/api/site-settings`);
      expect(res.status).toBe(500);
      expect(((await res.json()) as { message: string }).message).toMatch(/kontraktem API/);
    } finally {
      server.close();
    }
  });
});

describe('every documented operation is routed', () => {
  let api: TestApi;
  const browsers = new Map<Access, TestBrowser>();
  let ids: Record<'post' | 'category' | 'comment' | 'user' | 'subscription', number>;
  beforeAll(async () => {
    api = await startTestApi({ TRUST_PROXY: '1' });
    // Each operation is called by the least role the contract lets in (x-auth), so it reaches its handler.
    const roles: [Access, 'subscriber' | 'publisher' | 'admin'][] = [
      // Public calls too are made signed in (GET /user answers a caller without a session 401).
      ['public', 'subscriber'],
      ['user', 'subscriber'],
      ['staff', 'publisher'],
      ['admin', 'admin'],
    ];
    const users: Partial<Record<string, User>> = {};
    for (const [access, role] of roles) {
      const browser = new TestBrowser(api, clientIp());
      const user = await buildUser({ role, password: PASSWORD });
      users[role] = user;
      await browser.signIn(user.username, PASSWORD);
      browsers.set(access, browser);
    }
    const category = await buildCategory();
    const post = await buildPost({ userId: users.publisher!.id, categories: [category] });
    ids = {
      post: post.id,
      category: category.id,
      comment: (await buildComment({ postId: post.id })).id,
      user: (await buildUser()).id,
      // On a category of its own: one with a subscription is an admin's to hide or delete, not the publisher's.
      subscription: (await buildSubscription()).id,
    };
  });
  afterAll(async () => {
    await api?.close();
  });

  /** Real ids (the publisher's own post), so a call is answered by its handler, not a 404 that proves nothing. */
  const concrete = (template: string) =>
    template
      .replace('{postId}', () => String(ids.post))
      .replace('{slugOrId}', () => String(ids.post))
      .replace('{file}', 'brak.webp')
      .replace('{id}', () =>
        String(
          template.startsWith('/admin/posts')
            ? ids.post
            : template.startsWith('/admin/categories')
              ? ids.category
              : template.startsWith('/admin/comments')
                ? ids.comment
                : template.startsWith('/admin/users')
                  ? ids.user
                  : ids.subscription,
        ),
      );

  it('answers each one, signed in with the role it needs, with JSON from its handler: never 5xx (501 included), never "no such API", never refused', async () => {
    const spec = parse(await readFile(openapiPath, 'utf8')) as { paths: Record<string, PathItem> };
    const methods = ['get', 'post', 'put', 'patch', 'delete'];
    const problems: string[] = [];
    // Reads first and deletions last, so a deletion cannot turn a later call into a 404.
    const rank = (method: string) => (method === 'get' ? 0 : method === 'delete' ? 2 : 1);
    const calls = Object.entries(spec.paths).flatMap(([template, item]) =>
      methods.filter((name) => name in item).map((method) => ({ template, item, method })),
    );
    calls.sort((a, b) => rank(a.method) - rank(b.method));
    for (const { template, item, method } of calls) {
      const operation = item[method] as Operation & { 'x-auth': Access };
      const prefix = item.servers ? '' : '/api';
      const browser = browsers.get(operation['x-auth'])!;
      const res = await browser.call(
        method.toUpperCase(),
        `${prefix}${concrete(template)}`,
        method === 'get' || method === 'delete' ? undefined : {},
      );
      const type = res.headers.get('content-type') ?? '';
      const body = await res.text();
      const label = `${method.toUpperCase()} ${template} (${operation['x-auth']}) → ${res.status}`;
      if (res.status >= 500 && res.status !== 503) problems.push(`${label}: ${body.slice(0, 200)}`);
      if (res.status === 401 || res.status === 403)
        problems.push(`${label}: refused (${body.slice(0, 120)})`);
      if (res.status === 404 && body.includes('Nie ma takiego adresu API'))
        problems.push(`${label}: not routed`);
      if (res.status === 404 && !template.includes('{')) problems.push(`${label}: a fixed path answered 404`);
      if ((res.status >= 400 || !prefix) && !/json|xml/.test(type))
        problems.push(`${label}: not JSON (${type})`);
    }
    expect(problems).toEqual([]);
  });
});
