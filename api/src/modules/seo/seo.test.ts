import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { categoryPath, tagPath } from '@blog/shared/addresses';
import { buildCategory, buildPost, buildTag, buildUser, uniqueSuffix } from '../../../test/factories.ts';
import { startTestApi, type TestApi } from '../../../test/harness.ts';
import { parseXml } from '../../../test/parse-xml.ts';

const INDEX = `<!doctype html><html lang="pl"><head>
<meta name="description" content="Opis bloga" />
<title>Uwaga, Chaos</title>
</head><body><div id="root"></div></body></html>`;

let api: TestApi;
let webDistDir: string;
beforeAll(async () => {
  webDistDir = await mkdtemp(path.join(os.tmpdir(), 'blog-web-seo-'));
  await writeFile(path.join(webDistDir, 'index.html'), INDEX);
  api = await startTestApi({}, { webDistDir });
});
afterAll(async () => {
  await api?.close();
  await rm(webDistDir, { recursive: true, force: true });
});

describe('what search engines get', () => {
  it('puts valid Article JSON-LD and the category feeds into the served HTML of an article', async () => {
    const author = await buildUser({ role: 'publisher', displayName: 'Anna </script> Nowak' });
    const category = await buildCategory();
    const post = await buildPost({
      author,
      title: `Tytuł z "cudzysłowem" i </script> ${uniqueSuffix()}`,
      imageUrl: '/uploads/okladka.webp',
      categories: [category],
    });
    const res = await api.fetch(`/post/${post.slug}`);
    expect(res.status).toBe(200);
    const html = await res.text();
    const scripts = [...html.matchAll(/<script type="application\/ld\+json">([\s\S]*?)<\/script>/g)];
    expect(scripts).toHaveLength(1);
    const data = JSON.parse(scripts[0][1]) as Record<string, unknown>;
    expect(data).toMatchObject({
      '@context': 'https://schema.org',
      '@type': 'Article',
      headline: post.title,
      datePublished: post.createdAt.toISOString(),
      dateModified: post.updatedAt.toISOString(),
      author: { '@type': 'Person', name: 'Anna </script> Nowak' },
      image: ['http://localhost:3000/api/images/okladka.webp'],
      publisher: { '@type': 'Organization', name: 'Uwaga, Chaos' },
      url: `http://localhost:3000/post/${post.slug}`,
    });
    expect(html).toContain(
      `<link rel="alternate" type="application/rss+xml" title="Uwaga, Chaos — ${category.name}" href="http://localhost:3000/rss/category/${category.id}.xml" />`,
    );
  });

  it('serves robots.txt as text, keeping crawlers out of /admin and /api and naming the sitemap', async () => {
    const res = await api.fetch('/robots.txt');
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('text/plain; charset=utf-8');
    const text = await res.text();
    expect(text).toMatch(/^Disallow: \/admin$/m);
    expect(text).toMatch(/^Disallow: \/api$/m);
    expect(text).toMatch(/^Sitemap: http:\/\/localhost:3000\/sitemap\.xml$/m);
  });

  it('answers an unknown path with 404 and the app (which shows its 404 screen); app routes with 200', async () => {
    for (const pathname of ['/nie-ma-takiej-strony', '/posts/2/3', '/post/a/b', '/favicon.png']) {
      const res = await api.fetch(pathname);
      expect(res.status, pathname).toBe(404);
      expect(res.headers.get('content-type')).toContain('text/html');
      expect(await res.text()).toContain('<div id="root"></div>');
    }
    for (const pathname of [
      '/',
      '/posts?page=2',
      '/about',
      '/contact',
      '/cookies',
      '/auth',
      '/auth/reset?token=x',
      '/unsubscribe',
      '/admin',
      '/admin/posts/edit/5',
      '/admin/cokolwiek',
    ]) {
      expect((await api.fetch(pathname)).status, pathname).toBe(200);
    }
  });

  it('gives each visible category a well-formed feed without drafts; a hidden category has none', async () => {
    const category = await buildCategory();
    const hidden = await buildCategory({ enabled: false });
    const published = await buildPost({ categories: [category] });
    const draft = await buildPost({ published: false, categories: [category] });
    const inHiddenToo = await buildPost({ categories: [hidden] });
    const res = await api.fetch(`/rss/category/${category.id}.xml`);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('application/rss+xml; charset=utf-8');
    const xml = await res.text();
    const doc = parseXml(xml);
    expect(doc.get('rss/channel/item/link')).toEqual([`http://localhost:3000/post/${published.slug}`]);
    expect(xml).not.toContain(draft.slug);
    expect(xml).not.toContain(inHiddenToo.slug);
    expect(doc.get('rss/channel/title')).toEqual([`Uwaga, Chaos — ${category.name}`]);

    expect((await api.fetch(`/rss/category/${hidden.id}.xml`)).status).toBe(404);
    expect((await api.fetch('/rss/category/abc.xml')).status).toBe(404);
    // The site feed and the sitemap are well-formed too.
    parseXml(await (await api.fetch('/rss.xml')).text());
    parseXml(await (await api.fetch('/sitemap.xml')).text());
  });

  it('gives each tag on a visible post a well-formed feed (its name in the address, any case); other tags have none', async () => {
    const tag = await buildTag({ name: `Nowe Media & <Ty> ${uniqueSuffix()}` });
    const category = await buildCategory();
    const tagged = await buildPost({ categories: [category], tags: [tag] });
    const draft = await buildPost({ published: false, categories: [category], tags: [tag] });
    const hidden = await buildPost({ categories: [await buildCategory({ enabled: false })], tags: [tag] });
    const untagged = await buildPost({ categories: [category] });
    const res = await api.fetch(`/rss/tag/${encodeURIComponent(tag.name.toLowerCase())}.xml`);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('application/rss+xml; charset=utf-8');
    const xml = await res.text();
    const doc = parseXml(xml);
    expect(doc.get('rss/channel/item/link')).toEqual([`http://localhost:3000/post/${tagged.slug}`]);
    for (const other of [draft, hidden, untagged]) expect(xml).not.toContain(other.slug);
    expect(doc.get('rss/channel/title')).toEqual([`Uwaga, Chaos — #${tag.name}`]);
    expect(doc.get('rss/channel/link')).toEqual([`http://localhost:3000${tagPath(tag.name)}`]);

    const unused = await buildTag();
    await buildPost({ published: false, categories: [category], tags: [unused] });
    expect((await api.fetch(`/rss/tag/${encodeURIComponent(unused.name)}.xml`)).status).toBe(404);
    expect((await api.fetch('/rss/tag/.xml')).status).toBe(404);
    expect((await api.fetch(`/rss/tag/${'x'.repeat(60)}.xml`)).status).toBe(404);
    expect((await api.fetch('/rss/tag/bez-rozszerzenia')).status).toBe(404);
    // The category feed's channel links to the category page.
    const categoryFeed = parseXml(await (await api.fetch(`/rss/category/${category.id}.xml`)).text());
    expect(categoryFeed.get('rss/channel/link')).toEqual([`http://localhost:3000${categoryPath(category)}`]);
  });

  it('lists the category and tag pages that have posts readers may see in the sitemap, and no others', async () => {
    const full = await buildCategory();
    const empty = await buildCategory();
    const hidden = await buildCategory({ enabled: false });
    const onlyDrafts = await buildCategory();
    const shown = await buildTag({ name: `Widoczny ${uniqueSuffix()}` });
    const unshown = await buildTag();
    await buildPost({ categories: [full], tags: [shown] });
    await buildPost({ categories: [hidden], tags: [unshown] });
    await buildPost({ published: false, categories: [onlyDrafts], tags: [unshown] });
    const locs = parseXml(await (await api.fetch('/sitemap.xml')).text()).get('urlset/url/loc') ?? [];
    expect(locs).toContain(`http://localhost:3000${categoryPath(full)}`);
    expect(locs).toContain(`http://localhost:3000${tagPath(shown.name)}`);
    for (const category of [empty, hidden, onlyDrafts])
      expect(locs.filter((loc) => loc.includes(`/kategoria/${category.id}-`))).toEqual([]);
    expect(locs).not.toContain(`http://localhost:3000${tagPath(unshown.name)}`);
  });
});
