// Shared setup of the admin posts test files (admin-posts*.test.ts, admin-post-images.test.ts, …).
import { access } from 'node:fs/promises';
import path from 'node:path';
import type { AdminPost, AdminPostPage } from '@blog/shared';
import { parseUploadedImage } from '@blog/shared/rules';
import sharp from 'sharp';
import { afterAll, beforeAll, expect } from 'vitest';
import { TestBrowser } from './browser.ts';
import { buildUser, uniqueSuffix } from './factories.ts';
import { startTestApi, type TestApi } from './harness.ts';
import { clientIp } from './http.ts';
import type { User } from '../src/modules/users/user.model.ts';

const PASSWORD = 'Dobre-Hasło1';

// Live bindings, set by useAdminPostsApi's beforeAll. Module state is per test file: vitest runs
// each file in its own worker, and that file's one test API lives here.
export let api: TestApi;
export let admin: TestBrowser;
export let publisher: TestBrowser;
export let publisherUser: User;
let used = false;

/**
 * Starts the file's test API (one per file: sequelize-typescript binds models per process) and
 * signs in an admin and a publisher, each a browser from its own client address. Call once, at the
 * top of the test file.
 */
export function useAdminPostsApi(): void {
  if (used) throw new Error('useAdminPostsApi: one test API per test file');
  used = true;
  beforeAll(async () => {
    api = await startTestApi({ TRUST_PROXY: '1' });
    const adminUser = await buildUser({ role: 'admin', password: PASSWORD });
    publisherUser = await buildUser({ role: 'publisher', password: PASSWORD, displayName: 'Pani Redaktor' });
    admin = new TestBrowser(api, clientIp());
    await admin.signIn(adminUser.username, PASSWORD);
    publisher = new TestBrowser(api, clientIp());
    await publisher.signIn(publisherUser.username, PASSWORD);
  });
  afterAll(async () => {
    await api?.close();
  });
}

export const validInput = (overrides: Record<string, unknown> = {}) => {
  const suffix = uniqueSuffix();
  return {
    title: `Nowy wpis ${suffix}`,
    slug: `nowy-wpis-${suffix}`,
    content: '<p>Treść nowego wpisu, <strong>pogrubiona</strong> i dość długa.</p>',
    excerpt: 'Krótka zajawka',
    ...overrides,
  };
};

export function postForm(input: unknown, image?: { bytes: Buffer; name: string; type: string }): FormData {
  const form = new FormData();
  form.set('postData', typeof input === 'string' ? input : JSON.stringify(input));
  if (image) form.set('image', new Blob([new Uint8Array(image.bytes)], { type: image.type }), image.name);
  return form;
}

export async function create(browser: TestBrowser, input: unknown, image?: Parameters<typeof postForm>[1]) {
  return browser.upload('POST', '/api/admin/posts', postForm(input, image));
}

/** `browser` saves `post` (PUT): its title, slug, content and version, with `changes` over them. */
export async function update(
  browser: TestBrowser,
  post: Pick<AdminPost, 'id' | 'title' | 'slug' | 'content' | 'version'>,
  changes: Record<string, unknown>,
) {
  return browser.upload(
    'PUT',
    `/api/admin/posts/${post.id}`,
    postForm({
      title: post.title,
      slug: post.slug,
      content: post.content,
      version: post.version,
      ...changes,
    }),
  );
}

export const png = (width: number, height: number) =>
  sharp({ create: { width, height, channels: 3, background: '#2e86de' } })
    .png()
    .toBuffer();

const uploadsFile = (fileName: string) => path.join(api.config.uploadsDir, fileName);

export const fileExists = (fileName: string) =>
  access(uploadsFile(fileName)).then(
    () => true,
    () => false,
  );

/** The stored files of an uploaded image: its narrower WebP variants and the image itself. */
export const filesOf = (imageUrl: string) => {
  const image = parseUploadedImage(imageUrl)!;
  return [480, 960, 1600]
    .filter((w) => w < image.width)
    .map((w) => `${image.id}-${w}w.webp`)
    .concat(imageUrl.slice(9));
};

/** GET /api/admin/posts?`query` as `browser` (the admin by default): a 200 and its page. */
export async function listAdminPosts(query: string, browser = admin): Promise<AdminPostPage> {
  const res = await browser.call('GET', `/api/admin/posts?${query}`);
  expect(res.status).toBe(200);
  return (await res.json()) as AdminPostPage;
}

export const titles = (page: AdminPostPage) => page.items.map((post) => post.title);

/** An author of their own, so a test's filter sees only its own posts. */
export const newAuthor = () => buildUser({ role: 'publisher' });
