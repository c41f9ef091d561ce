import { PASSWORD } from '../authorization.fixtures.ts';
import { TestBrowser } from '../browser.ts';
import {
  buildCategory,
  buildComment,
  buildContactMessage,
  buildPost,
  buildSubscription,
  buildUser,
  uniqueSuffix,
} from '../factories.ts';
import type { TestApi } from '../harness.ts';
import { clientIp } from '../http.ts';
import type { FuzzOperation } from './contract.ts';
import { QueryTypes } from 'sequelize';
import { hashPassword } from '../../src/modules/auth/password.ts';
import { recordRevision } from '../../src/modules/posts/post-revisions.service.ts';
import type { User } from '../../src/modules/users/user.model.ts';

export type Role = 'anonymous' | 'subscriber' | 'publisher' | 'admin';

/** Who calls an operation: the role its `x-auth` needs, and (with a quarter of the cases) the other side. */
export function callersOf(operation: FuzzOperation): { needed: Role; other: Role } {
  switch (operation.access) {
    case 'public':
      return { needed: 'anonymous', other: 'subscriber' };
    case 'user':
      return { needed: 'subscriber', other: 'anonymous' };
    case 'staff':
      // A publisher on their own post: x-owner lets them in, so the cases reach the handler.
      return { needed: 'publisher', other: 'anonymous' };
    default:
      return { needed: 'admin', other: 'anonymous' };
  }
}

export interface Caller {
  cookie: string;
  csrfToken: string;
}

export type Accounts = Record<Exclude<Role, 'anonymous'>, User>;

let passwordHash: Promise<string> | undefined;

/**
 * Fresh accounts for each operation: a case may reset, deactivate or delete any account by id (`01`,
 * `+1` and `1e3` are ids too), so none outlives the operation it signs in for. The password is hashed
 * once (argon2 is slow).
 */
async function createAccounts(): Promise<Accounts> {
  passwordHash ??= hashPassword(PASSWORD);
  const hash = await passwordHash;
  return {
    subscriber: await buildUser({ role: 'subscriber', passwordHash: hash }),
    publisher: await buildUser({ role: 'publisher', passwordHash: hash }),
    admin: await buildUser({ role: 'admin', passwordHash: hash }),
  };
}

/** A new session of that role (or an anonymous one), with its CSRF token. */
async function sessionOf(api: TestApi, accounts: Accounts, role: Role): Promise<Caller> {
  const browser = new TestBrowser(api, clientIp());
  if (role !== 'anonymous') await browser.signIn(accounts[role].username, PASSWORD);
  // The token belongs to the session: read after signing in.
  const token = await browser.raw('GET', '/api/csrf-token');
  const { csrfToken } = (await token.json()) as { csrfToken: string };
  return { cookie: browser.cookieHeader(), csrfToken };
}

/**
 * Fresh rows and sessions for one operation, so a case that deletes a post, signs out or changes
 * a password spoils nothing for the next operation. `known` names the valid values of the
 * operation's parameters and body fields (real ids, a fresh e-mail and slug).
 */
export async function setUpOperation(api: TestApi, operation: FuzzOperation) {
  const { needed, other } = callersOf(operation);
  const accounts = await createAccounts();
  const publisher = accounts.publisher;
  const category = await buildCategory();
  const post = await buildPost({ userId: publisher.id, categories: [category] });
  const comment = await buildComment({ postId: post.id });
  const sequelize = api.runtime.sequelize;
  await sequelize.transaction((transaction) =>
    recordRevision({ sequelize, transaction }, post.id, publisher.id),
  );
  const [revision] = await sequelize.query<{ id: number }>(
    'SELECT id FROM post_revisions WHERE post_id = :id',
    {
      replacements: { id: post.id },
      type: QueryTypes.SELECT,
    },
  );
  const ids: [string, number][] = [
    ['/admin/posts', post.id],
    ['/admin/categories', category.id],
    ['/admin/comments', comment.id],
    ['/admin/users', (await buildUser()).id],
    ['/admin/contact-messages', (await buildContactMessage()).id],
    // On a category of its own: one with a subscription is an admin's to hide or delete, not the publisher's.
    ['/subscribe', (await buildSubscription()).id],
  ];
  const suffix = uniqueSuffix();
  const known: Record<string, unknown> = {
    id: ids.find(([prefix]) => operation.template.startsWith(prefix))?.[1] ?? post.id,
    postId: post.id,
    slugOrId: post.slug,
    revisionId: revision?.id ?? 1,
    categoryId: category.id,
    category: category.id,
    categories: [category.id],
    tags: ['fuzz'],
    slug: `fuzz-${suffix}`.toLowerCase(),
    username: `fuzz-${suffix}`,
    email: `fuzz-${suffix}@example.com`,
    password: PASSWORD,
    currentPassword: PASSWORD,
    // The unchanged request keeps the account's password, so it can still sign in.
    newPassword: PASSWORD,
    confirmPassword: PASSWORD,
    name: `Fuzz ${suffix}`,
    titleLink: '/',
    smtpPort: '587',
    smtpHost: '127.0.0.1',
    imageUrl: null,
    scheduledAt: null,
    // Ids no comment has: bulk deletion never touches other rows of the shared database.
    ids: [2_147_483_000, 2_147_483_001],
    file: 'nie-ma-takiego.webp',
  };
  return {
    known,
    needed: await sessionOf(api, accounts, needed),
    other: await sessionOf(api, accounts, other),
    roles: { needed, other },
  };
}
