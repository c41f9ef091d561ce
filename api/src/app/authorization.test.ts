import { readFile } from 'node:fs/promises';
import { openapiPath } from '@blog/openapi';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { parse } from 'yaml';
import type { User } from '../modules/users/user.model.ts';
import { TestBrowser } from '../test/browser.ts';
import { buildCategory, buildComment, buildPost, buildSubscription, buildUser } from '../test/factories.ts';
import { startTestApi, type TestApi } from '../test/harness.ts';
import { clientIp } from '../test/http.ts';

type Access = 'public' | 'user' | 'staff' | 'admin';
type Caller = 'anonymous' | 'subscriber' | 'publisher' | 'publisher on another’s post' | 'admin';

interface Operation {
  method: string;
  path: string;
  operationId: string;
  access: Access;
  ownerOnly: boolean;
}

const METHODS = ['get', 'post', 'put', 'patch', 'delete'];

async function protectedOperations(): Promise<Operation[]> {
  const spec = parse(await readFile(openapiPath, 'utf8')) as {
    paths: Record<string, Record<string, { operationId: string; 'x-auth': Access; 'x-owner'?: string }>>;
  };
  return Object.entries(spec.paths).flatMap(([path, item]) =>
    METHODS.filter((method) => item[method])
      .map((method) => {
        const operation = item[method]!;
        return {
          method: method.toUpperCase(),
          path,
          operationId: operation.operationId,
          access: operation['x-auth'],
          ownerOnly: operation['x-owner'] === 'post',
        };
      })
      .filter((operation) => operation.access !== 'public'),
  );
}

/** What the roles table of DESIGN.md says: 'denied-401' / 'denied-403', or let through to the handler. */
function expected(operation: Operation, caller: Caller): 401 | 403 | 'allowed' {
  if (caller === 'anonymous') return 401;
  if (operation.access === 'user') return 'allowed';
  if (caller === 'subscriber') return 403;
  if (caller === 'admin') return 'allowed';
  if (operation.access === 'admin') return 403;
  if (caller === 'publisher on another’s post') return operation.ownerOnly ? 403 : 'allowed';
  return 'allowed';
}

const PASSWORD = 'Dobre-Hasło1';
let api: TestApi;
let operations: Operation[];
const browsers = new Map<Caller, TestBrowser>();
let fixtures: {
  ownPost: number;
  foreignPost: number;
  category: number;
  comment: number;
  user: number;
  subscription: number;
};

beforeAll(async () => {
  api = await startTestApi({ TRUST_PROXY: '1' });
  operations = await protectedOperations();
  const users: Record<Exclude<Caller, 'anonymous' | 'publisher on another’s post'>, User> = {
    subscriber: await buildUser({ role: 'subscriber', password: PASSWORD }),
    publisher: await buildUser({ role: 'publisher', password: PASSWORD }),
    admin: await buildUser({ role: 'admin', password: PASSWORD }),
  };
  browsers.set('anonymous', new TestBrowser(api, clientIp()));
  for (const [caller, user] of Object.entries(users)) {
    const browser = new TestBrowser(api, clientIp());
    await browser.signIn(user.username, PASSWORD);
    browsers.set(caller as Caller, browser);
  }
  browsers.set('publisher on another’s post', browsers.get('publisher')!);
  const category = await buildCategory();
  const ownPost = await buildPost({ userId: users.publisher.id, categories: [category] });
  const foreignPost = await buildPost({ userId: users.admin.id, categories: [category] });
  fixtures = {
    ownPost: ownPost.id,
    foreignPost: foreignPost.id,
    category: category.id,
    comment: (await buildComment({ postId: ownPost.id })).id,
    user: (await buildUser()).id,
    subscription: (await buildSubscription({ categoryId: category.id })).id,
  };
});
afterAll(async () => {
  await api?.close();
});

/** Real ids, so an allowed call reaches its handler instead of stopping at a 404 that proves nothing. */
function concretePath(operation: Operation, caller: Caller): string {
  const postId = caller === 'publisher on another’s post' ? fixtures.foreignPost : fixtures.ownPost;
  const id = operation.path.startsWith('/admin/posts')
    ? postId
    : operation.path.startsWith('/admin/categories')
      ? fixtures.category
      : operation.path.startsWith('/admin/comments')
        ? fixtures.comment
        : operation.path.startsWith('/admin/users')
          ? fixtures.user
          : fixtures.subscription;
  return `/api${operation.path.replace('{id}', String(id))}`;
}

describe('authorization matrix: every protected operation of the contract × every kind of caller', () => {
  const callers: Caller[] = ['anonymous', 'subscriber', 'publisher', 'publisher on another’s post', 'admin'];

  it('covers the admin area of the contract', () => {
    expect(operations.filter((operation) => operation.path.startsWith('/admin/')).length).toBeGreaterThan(30);
    expect(operations.some((operation) => operation.ownerOnly)).toBe(true);
  });

  for (const caller of callers) {
    it(`answers ${caller} exactly as the roles table says`, async () => {
      const browser = browsers.get(caller)!;
      const mismatches: string[] = [];
      // Reads first and deletions last, so an allowed deletion cannot turn a later call into a 404.
      const ordered = [...operations].sort((a, b) => rank(a.method) - rank(b.method));
      for (const operation of ordered) {
        if (caller === 'publisher on another’s post' && !operation.path.startsWith('/admin/posts/{id}'))
          continue;
        const want = expected(operation, caller);
        const body = operation.method === 'GET' ? undefined : {};
        const res = await browser.call(operation.method, concretePath(operation, caller), body);
        const got = res.status;
        const ok =
          want === 'allowed' ? got !== 401 && got !== 403 && (got < 500 || got === 501) : got === want;
        if (!ok) mismatches.push(`${operation.method} ${operation.path}: expected ${want}, got ${got}`);
      }
      expect(mismatches).toEqual([]);
    });
  }
});

const rank = (method: string) => (method === 'GET' ? 0 : method === 'DELETE' ? 2 : 1);
