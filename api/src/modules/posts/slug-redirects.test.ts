// Old slugs of published posts answer 301 to the current address, on the page and the API.
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import type { AdminPost } from '@blog/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TestBrowser } from '../../../test/browser.ts';
import { buildCategory, buildUser, uniqueSuffix } from '../../../test/factories.ts';
import { startTestApi, type TestApi } from '../../../test/harness.ts';
import { clientIp } from '../../../test/http.ts';
import { postForm, validInput } from '../../../test/admin-posts.fixtures.ts';

const PASSWORD = 'Dobre-Hasło1';
let api: TestApi;
let admin: TestBrowser;
let webDistDir: string;

beforeAll(async () => {
  webDistDir = await mkdtemp(path.join(os.tmpdir(), 'blog-web-dist-'));
  await writeFile(
    path.join(webDistDir, 'index.html'),
    '<!doctype html><html><head><title>Blog</title></head><body><div id="root"></div></body></html>',
  );
  api = await startTestApi({ TRUST_PROXY: '1' }, { webDistDir });
  const user = await buildUser({ role: 'admin', password: PASSWORD });
  admin = new TestBrowser(api, clientIp());
  await admin.signIn(user.username, PASSWORD);
});
afterAll(async () => {
  await api?.close();
  await rm(webDistDir, { recursive: true, force: true });
});

async function createPost(overrides: Record<string, unknown> = {}): Promise<AdminPost> {
  const category = await buildCategory();
  const res = await admin.upload(
    'POST',
    '/api/admin/posts',
    postForm(validInput({ categories: [category.id], ...overrides })),
  );
  expect(res.status).toBe(201);
  return (await res.json()) as AdminPost;
}

async function rename(post: AdminPost, slug: string): Promise<AdminPost> {
  const res = await admin.upload(
    'PUT',
    `/api/admin/posts/${post.id}`,
    postForm({ title: post.title, slug, content: post.content, version: post.version }),
  );
  expect(res.status).toBe(200);
  return (await res.json()) as AdminPost;
}

/** What an anonymous reader gets, without following redirects. */
const visit = (pathname: string) => api.fetch(pathname, { redirect: 'manual' });

describe('old slugs', () => {
  it('redirect /post/:old and /api/posts/:old with 301 to the new address, through a chain of renames', async () => {
    const suffix = uniqueSuffix();
    const post = await createPost({ slug: `pierwszy-${suffix}` });
    expect((await visit(`/post/pierwszy-${suffix}`)).status).toBe(200);
    const second = await rename(post, `drugi-${suffix}`);
    await rename(second, `trzeci-${suffix}`);

    for (const old of [`pierwszy-${suffix}`, `drugi-${suffix}`]) {
      const page = await visit(`/post/${old}`);
      expect(page.status).toBe(301);
      expect(page.headers.get('location')).toBe(`/post/trzeci-${suffix}`);
      const json = await visit(`/api/posts/${old}`);
      expect(json.status).toBe(301);
      expect(json.headers.get('location')).toBe(`/api/posts/trzeci-${suffix}`);
    }
    expect((await visit(`/post/trzeci-${suffix}`)).status).toBe(200);
    expect((await visit(`/api/posts/trzeci-${suffix}`)).status).toBe(200);
    // Following the redirect lands on the post.
    const followed = await api.fetch(`/api/posts/pierwszy-${suffix}`);
    expect(((await followed.json()) as { id: number }).id).toBe(post.id);
  });

  it('stop redirecting when a new post takes the old slug, or the post takes it back', async () => {
    const suffix = uniqueSuffix();
    const post = await createPost({ slug: `stary-${suffix}` });
    const renamed = await rename(post, `nowy-${suffix}`);
    expect((await visit(`/api/posts/stary-${suffix}`)).status).toBe(301);

    const newcomer = await createPost({ slug: `stary-${suffix}` });
    const taken = await visit(`/api/posts/stary-${suffix}`);
    expect(taken.status).toBe(200);
    expect(((await taken.json()) as { id: number }).id).toBe(newcomer.id);
    expect((await visit(`/post/stary-${suffix}`)).status).toBe(200);

    // Back to an earlier slug of its own: that one is the post again, the one it leaves redirects.
    const other = await createPost({ slug: `raz-${suffix}` });
    const moved = await rename(other, `dwa-${suffix}`);
    await rename(moved, `raz-${suffix}`);
    expect((await visit(`/api/posts/raz-${suffix}`)).status).toBe(200);
    const back = await visit(`/api/posts/dwa-${suffix}`);
    expect(back.status).toBe(301);
    expect(back.headers.get('location')).toBe(`/api/posts/raz-${suffix}`);
    expect(renamed.slug).toBe(`nowy-${suffix}`);
  });

  it('are not kept for a post readers never saw, and never lead to a hidden post', async () => {
    const suffix = uniqueSuffix();
    const draft = await createPost({ slug: `szkic-${suffix}`, published: false });
    await rename(draft, `szkic-nowy-${suffix}`);
    expect((await visit(`/api/posts/szkic-${suffix}`)).status).toBe(404);

    const post = await createPost({ slug: `widoczny-${suffix}` });
    const renamed = await rename(post, `ukryty-${suffix}`);
    expect((await visit(`/api/posts/widoczny-${suffix}`)).status).toBe(301);
    await admin.call('PATCH', `/api/admin/posts/${renamed.id}/toggle-visibility`);
    expect((await visit(`/api/posts/widoczny-${suffix}`)).status).toBe(404);
    expect((await visit(`/post/widoczny-${suffix}`)).status).toBe(404);
  });

  it('are kept by no cache in front without purges; with purges, a CDN keeps them minutes, by `site`', async () => {
    const suffix = uniqueSuffix();
    const post = await createPost({ slug: `bufor-${suffix}` });
    await rename(post, `bufor-nowy-${suffix}`);
    for (const path of [`/post/bufor-${suffix}`, `/api/posts/bufor-${suffix}`]) {
      const res = await visit(path);
      expect({ path, status: res.status, cacheControl: res.headers.get('cache-control') }).toEqual({
        path,
        status: 301,
        cacheControl: 'no-cache',
      });
      expect(res.headers.get('surrogate-key')).toBeNull();
    }
    const purged = await startTestApi(
      { TRUST_PROXY: '1', CDN_PURGE: 'varnish-xkey', CDN_PURGE_URL: 'http://127.0.0.1:9' },
      { webDistDir },
    );
    try {
      for (const path of [`/post/bufor-${suffix}`, `/api/posts/bufor-${suffix}`]) {
        const res = await purged.fetch(path, { redirect: 'manual' });
        expect({
          path,
          status: res.status,
          cacheControl: res.headers.get('cache-control'),
          keys: res.headers.get('surrogate-key'),
          tags: res.headers.get('cache-tag'),
        }).toEqual({
          path,
          status: 301,
          cacheControl: 'public, max-age=0, s-maxage=300',
          keys: 'site',
          tags: 'site',
        });
      }
      // A signed-in reader's redirect is theirs alone.
      const user = await buildUser({ role: 'subscriber', password: PASSWORD });
      const reader = new TestBrowser(purged, clientIp());
      await reader.signIn(user.username, PASSWORD);
      const own = await purged.fetch(`/post/bufor-${suffix}`, {
        redirect: 'manual',
        headers: await reader.headers(),
      });
      expect(own.status).toBe(301);
      expect(own.headers.get('cache-control')).toBe('private, no-store');
      expect(own.headers.get('surrogate-key')).toBeNull();
    } finally {
      await purged.close();
    }
  });
});
