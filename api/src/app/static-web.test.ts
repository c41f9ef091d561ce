import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { request } from 'node:http';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildCategory, buildPost, uniqueSuffix } from '../../test/factories.ts';
import { startTestApi, type TestApi } from '../../test/harness.ts';

const INDEX = `<!doctype html><html lang="pl"><head>
<meta name="description" content="Opis bloga" />
<title>Uwaga, Chaos</title>
</head><body><div id="root"></div></body></html>`;

describe('the built web beside the API', () => {
  let api: TestApi;
  let webDistDir: string;
  beforeAll(async () => {
    webDistDir = await mkdtemp(path.join(os.tmpdir(), 'blog-web-dist-'));
    await writeFile(path.join(webDistDir, 'index.html'), INDEX);
    await mkdir(path.join(webDistDir, 'assets'));
    await writeFile(path.join(webDistDir, 'assets', 'index-abc123.js'), 'console.log(1)');
    await writeFile(
      path.join(webDistDir, 'assets', 'app-big.js'),
      'console.log("Uwaga, Chaos");\n'.repeat(500),
    );
    api = await startTestApi({}, { webDistDir });
    await mkdir(api.config.uploadsDir, { recursive: true });
    await writeFile(path.join(api.config.uploadsDir, 'okladka.png'), Buffer.alloc(4096, 1));
  });
  afterAll(async () => {
    await api?.close();
    await rm(webDistDir, { recursive: true, force: true });
  });

  it('serves client-side routes with index.html, never cached', async () => {
    const res = await api.fetch('/posts?page=2');
    expect(res.status).toBe(200);
    expect(res.headers.get('cache-control')).toBe('no-cache');
    expect(await res.text()).toBe(INDEX);
  });

  it('sends text gzip-compressed to clients that accept it, and images as they are', async () => {
    const encodingOf = (pathname: string) =>
      new Promise<string | undefined>((resolve, reject) => {
        const req = request(
          { host: '127.0.0.1', port: api.port, path: pathname, headers: { 'accept-encoding': 'gzip' } },
          (res) => {
            res.resume();
            resolve(res.headers['content-encoding']);
          },
        );
        req.on('error', reject);
        req.end();
      });
    expect(await encodingOf('/assets/app-big.js')).toBe('gzip');
    expect(await encodingOf('/api/images/okladka.png')).toBeUndefined();
  });

  it('caches hashed assets for a year and answers a missing asset with 404', async () => {
    const asset = await api.fetch('/assets/index-abc123.js');
    expect(asset.status).toBe(200);
    expect(asset.headers.get('cache-control')).toContain('immutable');
    expect((await api.fetch('/assets/missing.js')).status).toBe(404);
  });

  it('gives an article page its own title, description and OpenGraph tags, escaped', async () => {
    const post = await buildPost({
      title: `Cytat "<b>" & reszta ${uniqueSuffix()}`,
      excerpt: 'Krótko o "uwadze"',
      imageUrl: '/uploads/okladka.webp',
      categories: [await buildCategory()],
    });
    const res = await api.fetch(`/post/${post.slug}`);
    expect(res.status).toBe(200);
    const html = await res.text();
    const escapedTitle = post.title
      .replace('&', '&amp;')
      .replaceAll('"', '&quot;')
      .replace('<', '&lt;')
      .replace('>', '&gt;');
    expect(html).toContain(`<title>${escapedTitle} — Uwaga, Chaos</title>`);
    expect(html).toContain(`<meta property="og:title" content="${escapedTitle}" />`);
    expect(html).toContain('<meta name="description" content="Krótko o &quot;uwadze&quot;" />');
    expect(html).toContain(
      '<meta property="og:image" content="http://localhost:3000/api/images/okladka.webp" />',
    );
    expect(html).toContain(`<link rel="canonical" href="http://localhost:3000/post/${post.slug}" />`);
    expect(html).not.toContain('<b>');
  });

  it('answers 404 (with the app, which shows its own message) for a hidden or unknown article', async () => {
    const draft = await buildPost({ published: false, categories: [await buildCategory()] });
    for (const slug of [draft.slug, 'nie-ma-takiego']) {
      const res = await api.fetch(`/post/${slug}`);
      expect(res.status).toBe(404);
      expect(await res.text()).toBe(INDEX);
    }
  });

  it('still answers unknown API paths with JSON', async () => {
    const res = await api.fetch('/api/nope');
    expect(res.status).toBe(404);
    expect(res.headers.get('content-type')).toContain('application/json');
  });
});
