import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildCategory, buildPost, buildUser, uniqueSuffix } from '../../test/factories.ts';
import { startTestApi, type TestApi } from '../../test/harness.ts';

const INDEX = `<!doctype html><html lang="pl"><head><title>Uwaga, Chaos</title></head><body><div id="root"></div></body></html>`;

let api: TestApi;
let webDistDir: string;
beforeAll(async () => {
  webDistDir = await mkdtemp(path.join(os.tmpdir(), 'blog-web-reader-'));
  await writeFile(path.join(webDistDir, 'index.html'), INDEX);
  api = await startTestApi({}, { webDistDir });
});
afterAll(async () => {
  await api?.close();
  await rm(webDistDir, { recursive: true, force: true });
});

/** The JSON the page carries for the app (api/src/modules/public-pages/reader-data.ts). */
function readerData(html: string): Record<string, unknown> & {
  homePosts?: { posts: { slug: string }[]; total: number; page: number; limit: number };
  post?: Record<string, unknown>;
} {
  const match = /<script id="reader-data" type="application\/json">([\s\S]*?)<\/script>/.exec(html);
  if (!match) throw new Error('no reader data in the page');
  return JSON.parse(match[1]) as ReturnType<typeof readerData>;
}

const rootOf = (html: string) =>
  /<div id="root">([\s\S]*?)<\/div>\s*<script id="reader-data"/.exec(html)?.[1];

describe('the reader pages as served', () => {
  it('the home page carries its latest posts, as the list call answers them, and follows every change', async () => {
    const category = await buildCategory();
    const first = await buildPost({ title: `Pierwszy ${uniqueSuffix()}`, categories: [category] });
    await api.runtime.publicCache.changes.settled();
    const before = await (await api.fetch('/')).text();
    const list = await api.fetch('/api/posts?page=1&limit=3');
    const data = readerData(before);
    expect(data.homePosts).toMatchObject({
      posts: await list.json(),
      total: Number(list.headers.get('x-total-count')),
      page: 1,
      limit: 3,
    });
    expect(data.siteSettings).toEqual(await (await api.fetch('/api/site-settings')).json());
    expect(rootOf(before)).toContain(`<a href="/post/${first.slug}">${first.title}</a>`);

    const second = await buildPost({ title: `Drugi ${uniqueSuffix()}`, categories: [category] });
    await api.runtime.publicCache.changes.settled();
    const after = await (await api.fetch('/')).text();
    expect(readerData(after).homePosts?.posts[0].slug).toBe(second.slug);
    expect(rootOf(after)).toContain(second.title);
  });

  it('an article carries its text and data, with nothing of a post able to break out of its element', async () => {
    const author = await buildUser({ role: 'publisher', displayName: 'Ala <b>Nowak</b>' });
    const post = await buildPost({
      author,
      title: `Tytuł </script><script>alert(1)</script> ${uniqueSuffix()}`,
      categories: [await buildCategory()],
      imageUrl: `/uploads/${'ab12'.repeat(8)}-960w.webp`,
    });
    const res = await api.fetch(`/post/${post.slug}`);
    expect(res.status).toBe(200);
    const html = await res.text();
    expect(readerData(html).post).toEqual(await (await api.fetch(`/api/posts/${post.slug}`)).json());
    expect(html).not.toContain('<script>alert(1)');
    const root = rootOf(html) ?? '';
    expect(root).toContain(`<h1>Tytuł &lt;/script&gt;&lt;script&gt;alert(1)&lt;/script&gt;`);
    expect(root).toContain('Ala &lt;b&gt;Nowak&lt;/b&gt;');
    expect(root).toContain(post.content);
    // The same widths the app's srcset offers (uploads are stored at 480/960/1600).
    expect(root).toContain(
      `<img class="fp-img" src="/api/images/${'ab12'.repeat(8)}-960w.webp" srcset="/api/images/${'ab12'.repeat(8)}-480w.webp 480w`,
    );
  });

  it('a post readers may not see gets the bare shell: no text, no data', async () => {
    const hidden = await buildPost({ categories: [await buildCategory({ enabled: false })] });
    const res = await api.fetch(`/post/${hidden.slug}`);
    expect(res.status).toBe(404);
    const html = await res.text();
    expect(html).toBe(INDEX);
  });
});
