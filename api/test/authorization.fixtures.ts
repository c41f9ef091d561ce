import { readFile } from 'node:fs/promises';
import { openapiPath } from '@blog/shared';
import { parse } from 'yaml';
import type { Access } from '../src/http/routes.ts';
import type { User } from '../src/modules/users/user.model.ts';
import { TestBrowser } from './browser.ts';
import {
  buildCategory,
  buildComment,
  buildContactMessage,
  buildPost,
  buildSubscription,
  buildUser,
} from './factories.ts';
import type { TestApi } from './harness.ts';
import { clientIp } from './http.ts';

/** Shared by the authorization matrix and the path-spelling attack: the contract's operations and callers. */

export type Caller = 'anonymous' | 'subscriber' | 'publisher' | 'publisher on another’s post' | 'admin';
export const CALLERS: Caller[] = [
  'anonymous',
  'subscriber',
  'publisher',
  'publisher on another’s post',
  'admin',
];

export interface Operation {
  method: string;
  /** The contract's template, e.g. `/admin/posts/{id}`. */
  path: string;
  /** `/api`, or '' for the few calls at the site root. */
  base: string;
  operationId: string;
  access: Access;
  /** The contract's `x-owner`, when the operation has one. */
  owner: 'post' | 'category' | undefined;
  ownerOnly: boolean;
}

const METHODS = ['get', 'post', 'put', 'patch', 'delete'];

type PathItem = Record<string, { operationId: string; 'x-auth': Access; 'x-owner'?: string }> & {
  servers?: unknown;
};

/** Every operation of the contract, read from openapi.yaml (a new one is attacked without a test change). */
export async function contractOperationList(): Promise<Operation[]> {
  const spec = parse(await readFile(openapiPath, 'utf8')) as { paths: Record<string, PathItem> };
  return Object.entries(spec.paths).flatMap(([path, item]) =>
    METHODS.filter((method) => item[method]).map((method) => {
      const operation = item[method]!;
      return {
        method: method.toUpperCase(),
        path,
        base: item.servers ? '' : '/api',
        operationId: operation.operationId,
        access: operation['x-auth'],
        owner: operation['x-owner'] as Operation['owner'],
        ownerOnly: operation['x-owner'] !== undefined,
      };
    }),
  );
}

/** What the roles table of docs/roles.md says: 401 / 403, or let through to the handler. */
export function expected(operation: Operation, caller: Caller): 401 | 403 | 'allowed' {
  if (operation.access === 'public') return 'allowed';
  if (caller === 'anonymous') return 401;
  if (operation.access === 'user') return 'allowed';
  if (caller === 'subscriber') return 403;
  if (caller === 'admin') return 'allowed';
  if (operation.access === 'admin') return 403;
  if (caller === 'publisher on another’s post') return operation.ownerOnly ? 403 : 'allowed';
  return 'allowed';
}

export const PASSWORD = 'Dobre-Hasło1';

export interface Fixtures {
  ownPost: number;
  foreignPost: number;
  /** Holds only the publisher's own post: theirs to hide and delete. */
  category: number;
  /** Holds the admin's post and a subscription: an admin's to hide and delete. */
  foreignCategory: number;
  comment: number;
  user: number;
  subscription: number;
  contactMessage: number;
}

/** One signed-in browser per kind of caller and real rows, so an allowed call reaches its handler. */
export async function setUpCallers(
  api: TestApi,
): Promise<{ browsers: Map<Caller, TestBrowser>; fixtures: Fixtures }> {
  const users: Record<Exclude<Caller, 'anonymous' | 'publisher on another’s post'>, User> = {
    subscriber: await buildUser({ role: 'subscriber', password: PASSWORD }),
    publisher: await buildUser({ role: 'publisher', password: PASSWORD }),
    admin: await buildUser({ role: 'admin', password: PASSWORD }),
  };
  const browsers = new Map<Caller, TestBrowser>();
  browsers.set('anonymous', new TestBrowser(api, clientIp()));
  for (const [caller, user] of Object.entries(users)) {
    const browser = new TestBrowser(api, clientIp());
    await browser.signIn(user.username, PASSWORD);
    browsers.set(caller as Caller, browser);
  }
  browsers.set('publisher on another’s post', browsers.get('publisher')!);
  const category = await buildCategory();
  const foreignCategory = await buildCategory();
  const ownPost = await buildPost({ userId: users.publisher.id, categories: [category] });
  const foreignPost = await buildPost({ userId: users.admin.id, categories: [foreignCategory] });
  const fixtures = {
    ownPost: ownPost.id,
    foreignPost: foreignPost.id,
    category: category.id,
    foreignCategory: foreignCategory.id,
    comment: (await buildComment({ postId: ownPost.id })).id,
    user: (await buildUser()).id,
    subscription: (await buildSubscription({ categoryId: foreignCategory.id })).id,
    contactMessage: (await buildContactMessage()).id,
  };
  return { browsers, fixtures };
}

/** The operation's path with real ids, relative to its base (`/admin/posts/12`). */
export function concretePath(operation: Operation, caller: Caller, fixtures: Fixtures): string {
  const postId = caller === 'publisher on another’s post' ? fixtures.foreignPost : fixtures.ownPost;
  const id = operation.path.startsWith('/admin/posts')
    ? postId
    : operation.path.startsWith('/admin/categories')
      ? caller === 'publisher on another’s post'
        ? fixtures.foreignCategory
        : fixtures.category
      : operation.path.startsWith('/admin/comments')
        ? fixtures.comment
        : operation.path.startsWith('/admin/users')
          ? fixtures.user
          : operation.path.startsWith('/posts/')
            ? fixtures.ownPost
            : operation.path.startsWith('/admin/contact-messages')
              ? fixtures.contactMessage
              : fixtures.subscription;
  return operation.path.replace(/\{[^}]+\}/g, () => String(id));
}
