import { existsSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { categoryPath, tagPath } from '@blog/openapi/rules';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { contractOperations } from './contract-operations.ts';
import { createScratchDatabase, type ScratchDatabase } from '../db/scratch-database.ts';
import { runMigrations } from '../db/migrate.ts';
import { TestBrowser } from '../test/browser.ts';
import {
  buildCategory,
  buildComment,
  buildContactMessage,
  buildPost,
  buildSubscription,
  buildTag,
  buildUser,
  uniqueSuffix,
} from '../test/factories.ts';
import { startTestApi, type TestApi } from '../test/harness.ts';
import { clientIp } from '../test/http.ts';
import { startSecondApi } from '../test/second-api.ts';
import { postForm } from '../modules/posts/admin-posts.fixtures.ts';
import { rendererFile } from '../modules/public-pages/page-renderer.ts';
import { SETTING_KEYS } from '../modules/settings/setting-keys.ts';
import { SiteSetting } from '../modules/settings/site-setting.model.ts';

/*
 * Every state-changing operation of the contract, walked against two API processes over one
 * database of this file's own (so no other test file's writes blur what is measured). The list of
 * operations comes from the contract: a new one fails this test until it has a scenario here.
 * - `public` scenarios alter what readers see: each probe (a public URL) answers differently
 *   afterwards on both processes, though both held the old answer in memory.
 * - `private` scenarios alter nothing public: every warmed public answer is still served from
 *   memory afterwards (no miss on either process).
 */

const PASSWORD = 'Dobre-Hasło1';
/** The built web app and its server renderer (`npm run build`): the pages are rendered as production does. */
const webDistDir = fileURLToPath(new URL('../../../web/dist', import.meta.url));

let database: ScratchDatabase;
let api: TestApi;
let second: Awaited<ReturnType<typeof startSecondApi>>;
let admin: TestBrowser;

interface Scenario {
  name: string;
  kind: 'public' | 'private';
  /**
   * Makes the rows the call acts on; `probes` are the public URLs the call must change; `after` undoes
   * a setting the scenario switched on for its call (written straight to the table, after the check).
   */
  prepare(): Promise<{ call(): Promise<Response>; probes?: string[]; after?(): Promise<void> }>;
}

const origins = () => [`http://127.0.0.1:${api.port}`, second.origin];

async function published(overrides: Parameters<typeof buildPost>[0] = {}) {
  return buildPost({ categories: [await buildCategory()], published: true, ...overrides });
}

async function signedIn(role: 'admin' | 'publisher' | 'subscriber'): Promise<TestBrowser> {
  const user = await buildUser({ role, password: PASSWORD });
  const browser = new TestBrowser(api, clientIp());
  await browser.signIn(user.username, PASSWORD);
  return browser;
}

const postCall = (method: string, pathname: string, input: unknown) =>
  admin.upload(method, pathname, postForm(input));
const postInput = (overrides: Record<string, unknown> = {}) => {
  const suffix = uniqueSuffix();
  return {
    title: `Wpis ${suffix}`,
    slug: `wpis-${suffix}`,
    content: '<p>Treść wpisu.</p>',
    excerpt: 'Zajawka',
    ...overrides,
  };
};

/** A post made and edited through the panel (two revisions): its current version and first revision. */
async function editedTwice(publish: boolean) {
  const category = await buildCategory();
  const input = postInput({ categories: [category.id], published: publish });
  const post = (await (await postCall('POST', '/api/admin/posts', input)).json()) as {
    id: number;
    slug: string;
  };
  const edit = { ...input, content: '<p>Nowa treść.</p>' };
  const edited = await postCall('PUT', `/api/admin/posts/${post.id}`, edit);
  const { version } = (await edited.json()) as { version: number };
  const revisions = await admin.call('GET', `/api/admin/posts/${post.id}/revisions`);
  const oldest = ((await revisions.json()) as { id: number }[]).at(-1)!.id;
  return { post, version, oldest };
}

const SCENARIOS: Record<string, Scenario[]> = {
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
  createComment: [
    {
      name: 'comments on a published article (only that article changes)',
      kind: 'public',
      async prepare() {
        const post = await published();
        return {
          probes: [`/api/posts/${post.slug}`, `/post/${post.slug}`],
          call: async () =>
            new TestBrowser(api, clientIp()).call('POST', `/api/posts/${post.id}/comments`, {
              author: 'Ola',
              email: 'ola@example.com',
              content: `Komentarz ${uniqueSuffix()}`,
            }),
        };
      },
    },
    {
      name: 'with the approval queue on, a comment waits unseen (no public answer changes)',
      kind: 'private',
      async prepare() {
        const after = await queueOn();
        return {
          after,
          call: async () =>
            new TestBrowser(api, clientIp()).call('POST', `/api/posts/${warmPost.id}/comments`, {
              author: 'Ola',
              email: 'ola@example.com',
              content: `Oczekujący ${uniqueSuffix()}`,
            }),
        };
      },
    },
  ],
  subscribe: [
    {
      name: 'subscribes to a category',
      kind: 'private',
      async prepare() {
        const category = await buildCategory({ enabled: true });
        const body = { email: `sub-${uniqueSuffix()}@example.com`, categoryId: category.id, consent: true };
        return { call: async () => new TestBrowser(api, clientIp()).call('POST', '/api/subscribe', body) };
      },
    },
  ],
  confirmSubscription: [
    {
      name: 'confirms with a link that is not one (refused)',
      kind: 'private',
      async prepare() {
        const body = { token: 'x'.repeat(43) };
        return {
          call: async () => new TestBrowser(api, clientIp()).call('POST', '/api/subscribe/confirm', body),
        };
      },
    },
  ],
  deleteSubscription: [
    {
      name: 'deletes a subscription',
      kind: 'private',
      async prepare() {
        const subscription = await buildSubscription({ categoryId: (await buildCategory()).id });
        return { call: async () => admin.call('DELETE', `/api/subscribe/${subscription.id}`) };
      },
    },
  ],
  unsubscribeOneClick: [
    {
      name: 'one-click unsubscribe (without a valid token: refused)',
      kind: 'private',
      async prepare() {
        return {
          call: async () =>
            api.fetch('/api/unsubscribe?email=a%40example.com&category=1&token=x', {
              method: 'POST',
              headers: { 'content-type': 'application/x-www-form-urlencoded' },
              body: 'List-Unsubscribe=One-Click',
            }),
        };
      },
    },
  ],
  sendContactMessage: [
    {
      name: 'sends a contact message (wrong security code: refused)',
      kind: 'private',
      async prepare() {
        const body = {
          name: 'Ola',
          email: 'ola@example.com',
          message: 'Dzień dobry!',
          captchaId: 'x',
          captcha: 'x',
        };
        return { call: async () => new TestBrowser(api, clientIp()).call('POST', '/api/contact', body) };
      },
    },
  ],
  adminCreatePost: [
    {
      name: 'publishes a new post',
      kind: 'public',
      async prepare() {
        const category = await buildCategory();
        return {
          probes: ['/api/posts?page=1&limit=6', '/', '/rss.xml', '/sitemap.xml'],
          call: async () =>
            postCall('POST', '/api/admin/posts', postInput({ categories: [category.id], published: true })),
        };
      },
    },
    {
      name: 'creates a draft',
      kind: 'private',
      async prepare() {
        const category = await buildCategory();
        return {
          call: async () =>
            postCall('POST', '/api/admin/posts', postInput({ categories: [category.id], published: false })),
        };
      },
    },
  ],
  adminUpdatePost: [
    {
      name: 'edits a published post',
      kind: 'public',
      async prepare() {
        const category = await buildCategory();
        const post = await published({ categories: [category] });
        const input = postInput({ slug: post.slug, categories: [category.id], published: true });
        return {
          probes: [`/api/posts/${post.slug}`, `/post/${post.slug}`, '/api/posts?page=1&limit=6'],
          call: async () => postCall('PUT', `/api/admin/posts/${post.id}`, input),
        };
      },
    },
    {
      name: 'moves a published post to another category and drops its tag (issue 22: its archive pages)',
      kind: 'public',
      async prepare() {
        const [from, to, tag] = [await buildCategory(), await buildCategory(), await buildTag()];
        const post = await published({ categories: [from], tags: [tag] });
        const input = postInput({ slug: post.slug, categories: [to.id], tags: [], published: true });
        return {
          probes: [
            categoryPath(from),
            `/api/posts?page=1&limit=6&category=${from.id}`,
            tagPath(tag.name),
            `/rss/tag/${encodeURIComponent(tag.name)}.xml`,
          ],
          call: async () => postCall('PUT', `/api/admin/posts/${post.id}`, input),
        };
      },
    },
    {
      name: 'saves a draft that stays a draft',
      kind: 'private',
      async prepare() {
        const category = await buildCategory();
        const post = await buildPost({ categories: [category], published: false });
        const input = postInput({ slug: post.slug, categories: [category.id], published: false });
        return { call: async () => postCall('PUT', `/api/admin/posts/${post.id}`, input) };
      },
    },
  ],
  adminRestorePostRevision: [
    {
      name: 'restores an earlier text of a published post',
      kind: 'public',
      async prepare() {
        const { post, version, oldest } = await editedTwice(true);
        return {
          probes: [`/api/posts/${post.slug}`, `/post/${post.slug}`],
          call: async () =>
            admin.call('POST', `/api/admin/posts/${post.id}/revisions/${oldest}/restore`, { version }),
        };
      },
    },
    {
      name: 'restores an earlier text of a draft',
      kind: 'private',
      async prepare() {
        const { post, version, oldest } = await editedTwice(false);
        return {
          call: async () =>
            admin.call('POST', `/api/admin/posts/${post.id}/revisions/${oldest}/restore`, { version }),
        };
      },
    },
  ],
  adminDeletePost: [
    {
      name: 'deletes a published post',
      kind: 'public',
      async prepare() {
        const post = await published();
        return {
          probes: [
            `/api/posts/${post.slug}`,
            `/post/${post.slug}`,
            '/api/posts?page=1&limit=6',
            '/rss.xml',
            '/sitemap.xml',
          ],
          call: async () => admin.call('DELETE', `/api/admin/posts/${post.id}`),
        };
      },
    },
    {
      name: 'deletes a draft',
      kind: 'private',
      async prepare() {
        const post = await buildPost({ categories: [await buildCategory()], published: false });
        return { call: async () => admin.call('DELETE', `/api/admin/posts/${post.id}`) };
      },
    },
  ],
  adminTogglePostVisibility: [
    {
      name: 'hides a published post',
      kind: 'public',
      async prepare() {
        const post = await published();
        return {
          probes: [`/api/posts/${post.slug}`, '/api/posts?page=1&limit=6', '/sitemap.xml'],
          call: async () => admin.call('PATCH', `/api/admin/posts/${post.id}/toggle-visibility`),
        };
      },
    },
  ],
  adminBulkPosts: [
    {
      name: 'unpublishes a published post and deletes another',
      kind: 'public',
      async prepare() {
        const [hidden, deleted] = [await published(), await published()];
        const posts = [hidden, deleted].map((post) => ({ id: post.id, version: post.version }));
        return {
          probes: [
            `/api/posts/${hidden.slug}`,
            `/post/${deleted.slug}`,
            '/api/posts?page=1&limit=6',
            '/rss.xml',
          ],
          call: async () => {
            const first = await admin.call('POST', '/api/admin/posts/bulk', {
              action: 'unpublish',
              posts: [posts[0]],
            });
            if (!first.ok) return first;
            return admin.call('POST', '/api/admin/posts/bulk', { action: 'delete', posts: [posts[1]] });
          },
        };
      },
    },
    {
      name: 'publishes a draft',
      kind: 'public',
      async prepare() {
        const post = await buildPost({ categories: [await buildCategory()], published: false });
        return {
          probes: [`/api/posts/${post.slug}`, '/api/posts?page=1&limit=6', '/sitemap.xml'],
          call: async () =>
            admin.call('POST', '/api/admin/posts/bulk', {
              action: 'publish',
              posts: [{ id: post.id, version: post.version }],
            }),
        };
      },
    },
    {
      name: 'deletes a draft',
      kind: 'private',
      async prepare() {
        const post = await buildPost({ categories: [await buildCategory()], published: false });
        return {
          call: async () =>
            admin.call('POST', '/api/admin/posts/bulk', {
              action: 'delete',
              posts: [{ id: post.id, version: post.version }],
            }),
        };
      },
    },
  ],
  adminCreateCategory: [
    {
      name: 'creates a visible category',
      kind: 'public',
      async prepare() {
        return {
          probes: ['/api/categories'],
          call: async () => admin.call('POST', '/api/admin/categories', { name: `Kat ${uniqueSuffix()}` }),
        };
      },
    },
  ],
  adminRenameCategory: [
    {
      name: 'renames the category of a published post',
      kind: 'public',
      async prepare() {
        const category = await buildCategory();
        const post = await published({ categories: [category] });
        return {
          probes: [`/api/posts/${post.slug}`, '/api/posts?page=1&limit=6'],
          call: async () =>
            admin.call('PATCH', `/api/admin/categories/${category.id}`, { name: `Nowa ${uniqueSuffix()}` }),
        };
      },
    },
    {
      name: 'renames a hidden category',
      kind: 'private',
      async prepare() {
        const category = await buildCategory({ enabled: false });
        return {
          call: async () =>
            admin.call('PATCH', `/api/admin/categories/${category.id}`, { name: `Ukryta ${uniqueSuffix()}` }),
        };
      },
    },
  ],
  adminDeleteCategory: [
    {
      name: 'deletes the only category of a published post',
      kind: 'public',
      async prepare() {
        const category = await buildCategory();
        const post = await published({ categories: [category] });
        return {
          probes: [`/api/posts/${post.slug}`, '/api/posts?page=1&limit=6', '/rss.xml'],
          call: async () => admin.call('DELETE', `/api/admin/categories/${category.id}`),
        };
      },
    },
  ],
  adminToggleCategoryVisibility: [
    {
      name: 'hides the category of a published post',
      kind: 'public',
      async prepare() {
        const category = await buildCategory();
        const post = await published({ categories: [category] });
        return {
          probes: [`/api/posts/${post.slug}`, '/api/posts?page=1&limit=6', '/sitemap.xml'],
          call: async () => admin.call('PATCH', `/api/admin/categories/${category.id}/toggle-visibility`),
        };
      },
    },
  ],
  adminDeleteComment: [
    {
      name: 'deletes a comment of a published article',
      kind: 'public',
      async prepare() {
        const post = await published();
        const comment = await buildComment({ postId: post.id });
        return {
          probes: [`/api/posts/${post.slug}`],
          call: async () => admin.call('DELETE', `/api/admin/comments/${comment.id}`),
        };
      },
    },
    {
      name: 'rejects (deletes) a waiting comment: readers never saw it',
      kind: 'private',
      async prepare() {
        const comment = await buildComment({ postId: warmPost.id, status: 'pending' });
        return { call: async () => admin.call('DELETE', `/api/admin/comments/${comment.id}`) };
      },
    },
  ],
  adminApproveComment: [
    {
      name: 'approves a waiting comment of a published article',
      kind: 'public',
      async prepare() {
        const post = await published();
        const comment = await buildComment({ postId: post.id, status: 'pending' });
        return {
          probes: [`/api/posts/${post.slug}`, `/post/${post.slug}`],
          call: async () => admin.call('POST', `/api/admin/comments/${comment.id}/approve`),
        };
      },
    },
  ],
  adminBulkDeleteComments: [
    {
      name: 'deletes comments of a published article',
      kind: 'public',
      async prepare() {
        const post = await published();
        const ids = [
          (await buildComment({ postId: post.id })).id,
          (await buildComment({ postId: post.id })).id,
        ];
        return {
          probes: [`/api/posts/${post.slug}`, `/post/${post.slug}`],
          call: async () => admin.call('POST', '/api/admin/comments/bulk-delete', { ids }),
        };
      },
    },
  ],
  adminDeleteContactMessage: [
    {
      name: 'deletes a contact message',
      kind: 'private',
      async prepare() {
        const message = await buildContactMessage();
        return { call: async () => admin.call('DELETE', `/api/admin/contact-messages/${message.id}`) };
      },
    },
  ],
  adminResetSubscriptionCount: [
    {
      name: 'resets the daily count',
      kind: 'private',
      async prepare() {
        return { call: async () => admin.call('POST', '/api/admin/reset-subscription-count') };
      },
    },
  ],
  adminUpdateSubscriptionLimit: [
    {
      name: 'changes the daily cap',
      kind: 'private',
      async prepare() {
        return {
          call: async () => admin.call('POST', '/api/admin/update-subscription-limit', { limit: 120 }),
        };
      },
    },
  ],
  adminUpdateSubscriptionSettings: [
    {
      name: 'switches double opt-in on and off',
      kind: 'private',
      async prepare() {
        return {
          call: async () => {
            await admin.call('POST', '/api/admin/subscription-settings', { doubleOptIn: true });
            return admin.call('POST', '/api/admin/subscription-settings', { doubleOptIn: false });
          },
        };
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
  adminUpdateSiteSettings: [
    {
      name: 'changes the blog description',
      kind: 'public',
      async prepare() {
        return {
          probes: ['/rss.xml', '/'],
          call: async () =>
            admin.call('POST', '/api/admin/site-settings', { blogDescription: `Opis ${uniqueSuffix()}` }),
        };
      },
    },
  ],
  adminUpdateEmailSettings: [
    {
      name: 'changes SMTP settings',
      kind: 'private',
      async prepare() {
        const body = {
          smtpHost: 'smtp.example.com',
          smtpPort: 587,
          senderEmail: 'blog@example.com',
          smtpSecure: false,
        };
        return { call: async () => admin.call('POST', '/api/admin/email-settings', body) };
      },
    },
  ],
  adminTestEmailSettings: [
    {
      name: 'tests SMTP settings (nothing listens: refused)',
      kind: 'private',
      async prepare() {
        const body = {
          smtpHost: '127.0.0.1',
          smtpPort: 9,
          senderEmail: 'blog@example.com',
          smtpSecure: false,
        };
        return { call: async () => admin.call('POST', '/api/admin/email-settings/test', body) };
      },
    },
  ],
  adminSendTestEmail: [
    {
      name: 'sends a test e-mail',
      kind: 'private',
      async prepare() {
        return {
          call: async () => admin.call('POST', '/api/admin/test-email', { email: 'test@example.com' }),
        };
      },
    },
  ],
  adminUpdateNotificationSettings: [
    {
      name: 'switches notifications off',
      kind: 'private',
      async prepare() {
        return {
          call: async () =>
            admin.call('POST', '/api/admin/notification-settings', { notificationsEnabled: false }),
        };
      },
    },
  ],
  adminClearLogs: [
    {
      name: 'clears a log',
      kind: 'private',
      async prepare() {
        return { call: async () => admin.call('POST', '/api/admin/logs/clear', { type: 'application' }) };
      },
    },
  ],
  adminUploadImage: [
    {
      // Stored before any post refers to it: readers see it only once a saved post does.
      name: 'uploads an image for a post body',
      kind: 'private',
      async prepare() {
        const body = new FormData();
        // A 1×1 PNG.
        const png = Buffer.from(
          'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAIAAACQd1PeAAAADElEQVR4nGP4z8AAAAMBAQDJ/pLvAAAAAElFTkSuQmCC',
          'base64',
        );
        body.set('image', new Blob([new Uint8Array(png)], { type: 'image/png' }), 'kropka.png');
        return { call: async () => admin.upload('POST', '/api/admin/images', body) };
      },
    },
  ],
  adminStartImport: [
    {
      // The request only stages the file and queues the job (no worker runs here): readers see the
      // import when the worker commits it, through the database's triggers like any other write.
      name: 'queues an import of a Ghost export',
      kind: 'private',
      async prepare() {
        const body = new FormData();
        const ghost = { db: [{ meta: { version: '5.82.2' }, data: { posts: [] } }] };
        body.set('file', new Blob([JSON.stringify(ghost)]), 'ghost.json');
        return { call: async () => admin.upload('POST', '/api/admin/imports', body) };
      },
    },
  ],
  adminGenerateTestLogs: [
    {
      name: 'writes test log entries',
      kind: 'private',
      async prepare() {
        return { call: async () => admin.call('POST', '/api/admin/logs/generate-test') };
      },
    },
  ],
};

/** What readers get at `pathname` from `origin`: status and body. */
async function answer(origin: string, pathname: string): Promise<string> {
  const res = await fetch(`${origin}${pathname}`);
  return `${res.status} ${await res.text()}`;
}

async function misses(origin: string): Promise<number> {
  const text = await (await fetch(`${origin}/metrics`)).text();
  return Number(/blog_public_cache_total\{result="miss"\} (\d+)/.exec(text)?.[1] ?? 0);
}

/**
 * The rows a scenario prepares are written straight to the database, so neither process made them:
 * a write request (refused here, without a CSRF token) makes each process's next read wait until
 * every committed change has reached it, so the warm-up below is not raced by late notifications.
 */
async function settleBoth(): Promise<void> {
  for (const origin of origins()) await fetch(`${origin}/api/logout`, { method: 'POST' });
}

/** Public answers every private scenario must leave in memory. */
let warmSet: string[];
/** A published post whose answers are in `warmSet`: what a private scenario must leave alone. */
let warmPost: { id: number; slug: string };

/** The approval queue on (issue 22), and a way to switch it off again. */
async function queueOn(): Promise<() => Promise<void>> {
  await SiteSetting.upsert({ key: SETTING_KEYS.commentsRequireApproval, value: 'true' });
  return async () => {
    await SiteSetting.destroy({ where: { key: SETTING_KEYS.commentsRequireApproval } });
  };
}

async function warm(pathnames: string[]): Promise<void> {
  for (const origin of origins()) {
    for (const pathname of pathnames) {
      await answer(origin, pathname);
      await answer(origin, pathname);
    }
  }
}

/**
 * The answer at `pathname` once it differs from `before` on `origin`: at once on the process that
 * made the change; on the other one as soon as PostgreSQL delivers the notification (read again for
 * up to a second, which a stale cache would never pass).
 */
async function changedAnswer(origin: string, pathname: string, before: string): Promise<boolean> {
  const deadline = Date.now() + (origin === origins()[0] ? 0 : 1000);
  for (;;) {
    if ((await answer(origin, pathname)) !== before) return true;
    if (Date.now() >= deadline) return false;
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
}

beforeAll(async () => {
  database = await createScratchDatabase(inject('databaseUrl'), 'blog_walk');
  await runMigrations(database.url);
  if (!existsSync(rendererFile(webDistDir)))
    throw new Error('web/dist-server/entry-server.js is missing: run `npm run build` first');
  api = await startTestApi({ TRUST_PROXY: '1', DATABASE_URL: database.url }, { webDistDir });
  second = await startSecondApi(api, { webDistDir });
  admin = await signedIn('admin');
  const post = await published();
  warmPost = post;
  const other = await published();
  await buildComment({ postId: other.id });
  warmSet = [
    '/',
    '/api/posts?page=1&limit=6',
    `/api/posts/${post.slug}`,
    `/post/${post.slug}`,
    `/api/posts/${other.slug}`,
    '/rss.xml',
    '/sitemap.xml',
  ];
}, 60_000);
afterAll(async () => {
  await second?.process.stop();
  await api?.close();
  await database?.drop();
});

describe('every state-changing operation of the contract and the public cache', () => {
  const operations = contractOperations().all.filter((operation) => operation.method !== 'GET');

  it('has a scenario for each one (a new operation fails here until it has one)', () => {
    const missing = operations
      .map((operation) => operation.operationId)
      .filter((id) => !SCENARIOS[id]?.length);
    expect(missing).toEqual([]);
    expect(Object.keys(SCENARIOS).filter((id) => !operations.some((op) => op.operationId === id))).toEqual(
      [],
    );
  });

  for (const [operationId, scenarios] of Object.entries(SCENARIOS)) {
    for (const scenario of scenarios) {
      it(`${operationId}: ${scenario.name} — ${scenario.kind === 'public' ? 'readers see it at once on both processes' : 'the public cache keeps its answers'}`, async () => {
        const { call, probes = [], after } = await scenario.prepare();
        try {
          await settleBoth();
          await warm([...warmSet, ...probes]);
          const before = new Map<string, string>();
          for (const origin of origins())
            for (const pathname of probes) before.set(`${origin}${pathname}`, await answer(origin, pathname));
          const beforeMisses = await Promise.all(origins().map(misses));
          const res = await call();
          if (scenario.kind === 'public') {
            expect(res.status, `${operationId}: ${res.status} ${await res.clone().text()}`).toBeLessThan(400);
            expect(probes.length).toBeGreaterThan(0);
            const stale: string[] = [];
            for (const origin of origins()) {
              for (const pathname of probes) {
                if (!(await changedAnswer(origin, pathname, before.get(`${origin}${pathname}`)!)))
                  stale.push(`${origin}${pathname}`);
              }
            }
            expect(stale).toEqual([]);
          } else {
            expect(res.status, `${operationId}: ${res.status}`).toBeLessThan(500);
            // Re-read every warmed answer: none may be built again.
            for (const origin of origins()) for (const pathname of warmSet) await answer(origin, pathname);
            expect(await Promise.all(origins().map(misses))).toEqual(beforeMisses);
          }
        } finally {
          await after?.();
        }
      });
    }
  }
});
