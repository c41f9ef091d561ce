import { mkdir, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { gunzipSync } from 'node:zlib';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TestBrowser } from '../../test/browser.ts';
import { buildCategory, buildPost, buildUser } from '../../test/factories.ts';
import { startTestApi, type TestApi } from '../../test/harness.ts';
import { clientIp, rawRequest } from '../../test/http.ts';

/**
 * Attacks as tests: poisoning and flushing the public cache. Written against what a reader
 * receives, never against the cache's insides, so they hold whatever serves the cache (Express's fast
 * path today, an edge in front of it tomorrow). Needs the built web (`npm run build`).
 */
const webDistDir = fileURLToPath(new URL('../../../web/dist', import.meta.url));
const PASSWORD = 'Dobre-Hasło1';
const HOSTILE = {
  host: 'evil.example',
  'x-forwarded-host': 'evil.example',
  'x-forwarded-proto': 'https',
  'x-forwarded-port': '6666',
  'x-forwarded-prefix': '/evil.example',
  'x-original-url': '/admin',
  'x-rewrite-url': '/admin',
  forwarded: 'host=evil.example;proto=https',
};

let api: TestApi;
/** The same API with a purge target: the cache in front is then purged on every change. */
let purgedApi: TestApi;
let slug: string;
let draft: { slug: string; title: string };

beforeAll(async () => {
  api = await startTestApi({ TRUST_PROXY: '1' }, { webDistDir });
  // Nothing listens there: the worker sends purges, this API only names the keys.
  purgedApi = await startTestApi(
    { TRUST_PROXY: '1', CDN_PURGE: 'varnish-xkey', CDN_PURGE_URL: 'http://127.0.0.1:9' },
    { webDistDir },
  );
  const category = await buildCategory();
  slug = (await buildPost({ categories: [category], published: true })).slug;
  const hidden = await buildPost({
    categories: [category],
    published: false,
    title: `Szkic tajny ${Date.now()}`,
  });
  draft = { slug: hidden.slug, title: hidden.title };
});
afterAll(async () => {
  await api?.close();
  await purgedApi?.close();
});

const get = (path: string, headers: Record<string, string> = {}) =>
  rawRequest(api.port, 'GET', path, headers);

/** The lifetimes and keys that let a shared cache keep an answer past a change. */
const LONG_SHARED = ['surrogate-control', 'cdn-cache-control', 'surrogate-key', 'cache-tag'] as const;
/** The public walk: every answer a reader's visit (or a crawler) gets, with a published article. */
const publicWalk = (postSlug: string) => [
  '/',
  '/posts',
  '/about',
  '/contact',
  '/rss.xml',
  '/sitemap.xml',
  '/robots.txt',
  '/api/posts',
  '/api/categories',
  '/api/site-settings',
  `/post/${postSlug}`,
  `/api/posts/${postSlug}`,
];
const pages = () => [
  '/',
  '/posts',
  `/post/${slug}`,
  '/about',
  '/rss.xml',
  '/sitemap.xml',
  '/robots.txt',
  '/api/posts',
  `/api/posts/${slug}`,
  '/api/site-settings',
];

describe('cache poisoning through headers', () => {
  it('Host and X-Forwarded-* never reach an answer, neither the attacker’s nor the next reader’s', async () => {
    for (const path of pages()) {
      const before = await get(path);
      const poisoned = await get(path, HOSTILE);
      const after = await get(path);
      expect({ path, attacker: poisoned.body.includes('evil.example') }).toEqual({ path, attacker: false });
      expect({ path, status: after.status, body: after.body }).toEqual({
        path,
        status: before.status,
        body: before.body,
      });
    }
  });

  it('Accept-Encoding: whoever asks first, each reader gets a body it can read', async () => {
    const path = `/post/${slug}`;
    const plain = (await get(path, { 'accept-encoding': 'identity' })).body;
    for (const order of [
      ['gzip', 'identity', 'br', ''],
      ['br', 'identity', 'gzip;q=0', 'gzip'],
    ]) {
      for (const encoding of order) {
        const res = await new Promise<{ encoding?: string; vary?: string; body: Buffer }>(
          (resolve, reject) => {
            void import('node:http').then(({ request }) => {
              const req = request(
                {
                  host: '127.0.0.1',
                  port: api.port,
                  path,
                  headers: encoding ? { 'accept-encoding': encoding } : {},
                },
                (answer) => {
                  const chunks: Buffer[] = [];
                  answer.on('data', (chunk: Buffer) => chunks.push(chunk));
                  answer.on('end', () =>
                    resolve({
                      encoding: answer.headers['content-encoding'],
                      vary: String(answer.headers.vary ?? ''),
                      body: Buffer.concat(chunks),
                    }),
                  );
                },
              );
              req.on('error', reject);
              req.end();
            });
          },
        );
        const gzipped = encoding === 'gzip';
        expect({ encoding, got: res.encoding ?? 'identity' }).toEqual({
          encoding,
          got: gzipped ? 'gzip' : 'identity',
        });
        expect(res.vary).toMatch(/Accept-Encoding/i);
        expect((gzipped ? gunzipSync(res.body) : res.body).toString('utf8')).toBe(plain);
      }
    }
  });
});

describe('cache flushing through query strings', () => {
  // Unknown parameters are ignored, as on any web page (a shared link's ?utm_source=…): the answer is the
  // clean address's, and the public cache keys it by what the page or operation reads, so a
  // stream of ?x=1, ?x=2… makes no new entries and pushes no reader's page out.
  it('a page or API read with parameters it does not read answers as without them, and adds no cache entry', async () => {
    const variants: [clean: string, junk: string[]][] = [
      [`/post/${slug}`, [`/post/${slug}?utm_source=news&x=1`, `/post/${slug}?x=2`]],
      ['/', ['/?x=1', '/?x=2&y=3']],
      ['/posts?page=1', ['/posts?page=1&junk=1', '/posts?junk=2&page=1']],
      ['/about', ['/about?', '/about?cb=123']],
      ['/api/posts?page=1&limit=6', ['/api/posts?junk=1&page=1&limit=6', '/api/posts?limit=6&page=1&cb=2']],
      [`/api/posts/${slug}`, [`/api/posts/${slug}?x=1`]],
      ['/api/categories', ['/api/categories?cb=123']],
      ['/api/site-settings', ['/api/site-settings?_=1']],
    ];
    for (const [clean] of variants) expect((await get(clean)).status, clean).toBe(200);
    const entries = api.runtime.publicCache.size.entries;
    for (const [clean, junk] of variants) {
      const expected = (await get(clean)).body;
      for (const path of junk) {
        const res = await get(path);
        expect({ path, status: res.status }).toEqual({ path, status: 200 });
        expect(res.body, path).toBe(expected);
      }
    }
    expect(api.runtime.publicCache.size.entries).toBe(entries);
  });
});

describe('a staff-only answer is never served to a reader', () => {
  it('a draft an admin previewed (page and API) stays a 404 without its title for everyone else', async () => {
    const user = await buildUser({ role: 'admin', password: PASSWORD });
    const admin = new TestBrowser(api, clientIp());
    await admin.signIn(user.username, PASSWORD);
    expect((await admin.call('GET', `/api/posts/${draft.slug}`)).status).toBe(200);
    await admin.raw('GET', `/post/${draft.slug}`);
    await admin.raw('GET', '/posts');
    for (const path of [`/post/${draft.slug}`, `/api/posts/${draft.slug}`, '/posts', '/api/posts', '/']) {
      const res = await get(path);
      expect({ path, leaked: res.body.includes(draft.title) }).toEqual({ path, leaked: false });
      if (path.includes(draft.slug)) expect(res.status, path).toBe(404);
    }
  });

  it('a signed-in reader’s or staff’s copy of a public answer is private: no CDN keeps or purges it', async () => {
    for (const role of ['subscriber', 'admin'] as const) {
      const user = await buildUser({ role, password: PASSWORD });
      const browser = new TestBrowser(api, clientIp());
      await browser.signIn(user.username, PASSWORD);
      for (const path of ['/', `/post/${slug}`, '/rss.xml', '/api/posts', `/api/posts/${slug}`]) {
        const res = await browser.call('GET', path);
        expect({ role, path, status: res.status }).toEqual({ role, path, status: 200 });
        // Private (the readers' answer, for this caller only), or no-store (a staff preview).
        expect({ role, path, cacheControl: res.headers.get('cache-control') }).toEqual({
          role,
          path,
          cacheControl: expect.stringMatching(/^(private, no-store|no-store)$/),
        });
        for (const name of ['surrogate-key', 'cache-tag', 'surrogate-control', 'cdn-cache-control'])
          expect({ role, path, name, value: res.headers.get(name) }).toEqual({
            role,
            path,
            name,
            value: null,
          });
      }
    }
  });

  it('answers that depend on the caller are never cacheable by a shared cache', async () => {
    const user = await buildUser({ role: 'admin', password: PASSWORD });
    const admin = new TestBrowser(api, clientIp());
    await admin.signIn(user.username, PASSWORD);
    for (const path of ['/api/user', '/api/admin/users', '/api/admin/posts', `/api/posts/${draft.slug}`]) {
      const res = await admin.call('GET', path);
      expect({ path, cacheControl: res.headers.get('cache-control') }).toEqual({
        path,
        cacheControl: 'no-store',
      });
    }
  });
});

describe('shared lifetimes follow the purge configuration', () => {
  it('without a purge target (the default) no public answer lets a shared cache keep it', async () => {
    const post = await buildPost({ categories: [await buildCategory()] });
    for (const path of publicWalk(post.slug)) {
      const res = await get(path);
      expect({ path, status: res.status }).toEqual({ path, status: 200 });
      const cacheControl = res.headers['cache-control'] ?? '';
      expect({ path, cacheControl }).toEqual({
        path,
        cacheControl: expect.not.stringMatching(/s-maxage|stale-if-error|stale-while-revalidate/),
      });
      for (const name of LONG_SHARED)
        expect({ path, name, value: res.headers[name] }).toEqual({ path, name, value: undefined });
    }
    // Content answers are revalidated by every cache before each reuse (a 304 by ETag).
    for (const path of ['/', `/post/${post.slug}`, '/rss.xml', `/api/posts/${post.slug}`])
      expect({ path, cacheControl: (await get(path)).headers['cache-control'] }).toEqual({
        path,
        cacheControl: 'no-cache',
      });
  });

  it('with a purge target, content answers may be kept by a CDN and name the keys a change purges them by', async () => {
    const post = await buildPost({ categories: [await buildCategory()] });
    for (const path of [
      '/',
      '/posts',
      '/rss.xml',
      '/sitemap.xml',
      '/api/posts',
      `/post/${post.slug}`,
      `/api/posts/${post.slug}`,
    ]) {
      // The suite shares one database: another file's change may overtake an answer while it is built,
      // and such an answer goes out `no-cache` without keys. Ask again until one is not overtaken.
      let res = await rawRequest(purgedApi.port, 'GET', path);
      for (let tries = 0; tries < 20 && res.headers['cache-control'] === 'no-cache'; tries += 1) {
        expect({ path, overtakenKeys: res.headers['surrogate-key'] }).toEqual({
          path,
          overtakenKeys: undefined,
        });
        res = await rawRequest(purgedApi.port, 'GET', path);
      }
      expect({ path, status: res.status }).toEqual({ path, status: 200 });
      expect({ path, cacheControl: res.headers['cache-control'] }).toEqual({
        path,
        cacheControl: 'public, max-age=0, s-maxage=86400, stale-if-error=86400',
      });
      expect(res.headers['surrogate-control'], path).toMatch(/stale-while-revalidate=\d+/);
      expect(res.headers['cdn-cache-control'], path).toMatch(/^public, max-age=86400/);
      const keys = path.includes(post.slug) ? `site post-${post.id}` : 'site';
      expect({ path, keys: res.headers['surrogate-key'], tags: res.headers['cache-tag'] }).toEqual({
        path,
        keys,
        tags: keys.replace(' ', ','),
      });
    }
  });

  it('an uploaded image is kept a year everywhere; with a purge target it names its file’s key', async () => {
    const file = `klucz${Date.now()}.png`;
    for (const target of [api, purgedApi]) {
      await mkdir(target.config.uploadsDir, { recursive: true });
      await writeFile(path.join(target.config.uploadsDir, file), 'x');
    }
    const plain = await rawRequest(api.port, 'GET', `/api/images/${file}`);
    const purged = await rawRequest(purgedApi.port, 'GET', `/api/images/${file}`);
    for (const res of [plain, purged]) {
      expect(res.status).toBe(200);
      expect(res.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    }
    expect([plain.headers['surrogate-key'], plain.headers['cache-tag']]).toEqual([undefined, undefined]);
    expect([purged.headers['surrogate-key'], purged.headers['cache-tag']]).toEqual([
      `image-${file}`,
      `image-${file}`,
    ]);
  });

  it('with a purge target, a signed-in reader’s or staff’s copy is still private', async () => {
    for (const role of ['subscriber', 'admin'] as const) {
      const user = await buildUser({ role, password: PASSWORD });
      const browser = new TestBrowser(purgedApi, clientIp());
      await browser.signIn(user.username, PASSWORD);
      for (const path of ['/', `/post/${slug}`, '/rss.xml', `/api/posts/${slug}`]) {
        const res = await browser.call('GET', path);
        expect({ role, path, cacheControl: res.headers.get('cache-control') }).toEqual({
          role,
          path,
          cacheControl: expect.stringMatching(/^(private, no-store|no-store)$/),
        });
        for (const name of LONG_SHARED)
          expect({ role, path, name, value: res.headers.get(name) }).toEqual({
            role,
            path,
            name,
            value: null,
          });
      }
    }
  });
});
