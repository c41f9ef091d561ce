// Signing in, registering, passwords and the admin's users: only a renamed or deleted author of
// published posts changes what readers see.
import { TestBrowser } from '../browser.ts';
import { buildCategory, buildPost, buildUser, uniqueSuffix } from '../factories.ts';
import { clientIp } from '../http.ts';
import {
  admin,
  api,
  PASSWORD,
  published,
  signedIn,
  type ScenarioTable,
} from './invalidation-walk.fixtures.ts';

export const USER_SCENARIOS: ScenarioTable = {
  login: [
    {
      name: 'signs in',
      kind: 'private',
      async prepare() {
        const user = await buildUser({ password: PASSWORD });
        return {
          call: async () =>
            new TestBrowser(api, clientIp()).call('POST', '/api/login', {
              username: user.username,
              password: PASSWORD,
            }),
        };
      },
    },
  ],
  register: [
    {
      name: 'registers a reader',
      kind: 'private',
      async prepare() {
        const suffix = uniqueSuffix();
        return {
          call: async () =>
            new TestBrowser(api, clientIp()).call('POST', '/api/register', {
              username: `czytelnik-${suffix}`,
              email: `czytelnik-${suffix}@example.com`,
              password: PASSWORD,
            }),
        };
      },
    },
  ],
  logout: [
    {
      name: 'signs out',
      kind: 'private',
      async prepare() {
        return { call: async () => (await signedIn('subscriber')).call('POST', '/api/logout') };
      },
    },
  ],
  requestPasswordReset: [
    {
      name: 'asks for a reset link',
      kind: 'private',
      async prepare() {
        const user = await buildUser();
        const browser = new TestBrowser(api, clientIp());
        return {
          call: async () => browser.call('POST', '/api/password-reset/request', { email: user.email }),
        };
      },
    },
  ],
  confirmPasswordReset: [
    {
      name: 'tries a reset token',
      kind: 'private',
      refusedWith: 400,
      async prepare() {
        const browser = new TestBrowser(api, clientIp());
        const body = { token: 'a'.repeat(64), password: PASSWORD };
        return { call: async () => browser.call('POST', '/api/password-reset/confirm', body) };
      },
    },
  ],
  changePassword: [
    {
      name: 'changes a password',
      kind: 'private',
      async prepare() {
        const browser = await signedIn('subscriber');
        const body = {
          currentPassword: PASSWORD,
          newPassword: 'Inne-Hasło2',
          confirmPassword: 'Inne-Hasło2',
        };
        return { call: async () => browser.call('POST', '/api/user/password', body) };
      },
    },
  ],
  adminCreateUser: [
    {
      name: 'adds a user',
      kind: 'private',
      async prepare() {
        const suffix = uniqueSuffix();
        const body = { username: `nowy-${suffix}`, email: `nowy-${suffix}@example.com`, role: 'publisher' };
        return { call: async () => admin.call('POST', '/api/admin/users', body) };
      },
    },
  ],
  adminUpdateUser: [
    {
      name: 'renames the author of a published post',
      kind: 'public',
      async prepare() {
        const author = await buildUser({ role: 'publisher' });
        const post = await published({ userId: author.id });
        return {
          probes: ['/api/posts?page=1&limit=6', `/api/posts/${post.slug}`, `/post/${post.slug}`, '/'],
          call: async () =>
            admin.call('PATCH', `/api/admin/users/${author.id}`, { displayName: `Autor ${uniqueSuffix()}` }),
        };
      },
    },
    {
      name: 'renames a user without published posts',
      kind: 'private',
      async prepare() {
        const user = await buildUser({ role: 'publisher' });
        await buildPost({ userId: user.id, published: false, categories: [await buildCategory()] });
        return {
          call: async () =>
            admin.call('PATCH', `/api/admin/users/${user.id}`, { displayName: `Ktoś ${uniqueSuffix()}` }),
        };
      },
    },
  ],
  adminDeleteUser: [
    {
      name: 'deletes an author (their posts go with them, by cascade)',
      kind: 'public',
      async prepare() {
        const author = await buildUser({ role: 'publisher' });
        const post = await published({ userId: author.id });
        return {
          probes: [
            '/api/posts?page=1&limit=6',
            `/api/posts/${post.slug}`,
            `/post/${post.slug}`,
            '/',
            '/rss.xml',
            '/sitemap.xml',
          ],
          call: async () => admin.call('DELETE', `/api/admin/users/${author.id}`),
        };
      },
    },
  ],
  adminMapImportedUser: [
    {
      name: 'maps an imported author to an existing account (its published posts change author)',
      kind: 'public',
      async prepare() {
        const imported = await buildUser({ role: 'publisher', isActive: false, importPending: true });
        const target = await buildUser({ role: 'publisher' });
        const post = await published({ userId: imported.id });
        return {
          probes: ['/api/posts?page=1&limit=6', `/api/posts/${post.slug}`, `/post/${post.slug}`, '/'],
          call: async () =>
            admin.call('POST', `/api/admin/users/${imported.id}/map`, { targetId: target.id }),
        };
      },
    },
  ],
  adminResetUserPassword: [
    {
      name: 'resets a password',
      kind: 'private',
      async prepare() {
        const user = await buildUser();
        return { call: async () => admin.call('POST', `/api/admin/users/${user.id}/reset-password`) };
      },
    },
  ],
};
