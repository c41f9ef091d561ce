import { describe, expect, it } from 'vitest';
import { buildCategory, buildComment, buildPost, buildUser, uniqueSuffix } from '../../../test/factories.ts';
import { postListOf, renderingTestApiForFile, rootOf, textOf } from '../../../test/rendered-pages.ts';

const api = renderingTestApiForFile();

interface PageData {
  fallback: Record<string, unknown>;
  today: string;
}

/** The JSON the page carries for hydration (web/src/api/page-data.ts). */
function pageData(html: string): PageData {
  const match = /<script id="page-data" type="application\/json">([\s\S]*?)<\/script>/.exec(html);
  if (!match) throw new Error('no page data in the page');
  return JSON.parse(match[1]) as PageData;
}

async function page(
  pathname: string,
): Promise<{ status: number; html: string; root: string; data: PageData }> {
  const res = await api.fetch(pathname);
  const html = await res.text();
  return { status: res.status, html, root: rootOf(html), data: pageData(html) };
}

/** What the list call answers, in the shape the web's hook holds it. */
async function listCall(query: string) {
  return postListOf(await api.fetch(`/api/posts?${query}`));
}

describe('public pages rendered on the server from the web app', () => {
  it('the home page: header, navigation, the latest posts as the list call answers them, footer; follows every change', async () => {
    const category = await buildCategory();
    const first = await buildPost({ title: `Pierwszy ${uniqueSuffix()}`, categories: [category] });
    await api.runtime.publicCache.changes.settled();
    const before = await page('/');
    expect(before.status).toBe(200);
    expect(before.data.fallback['@"posts",1,3,"",']).toEqual(await listCall('page=1&limit=3'));
    expect(before.data.fallback['site-settings']).toEqual(
      await (await api.fetch('/api/site-settings')).json(),
    );
    const text = textOf(before.root);
    for (const words of [
      'Główna nawigacja',
      'Najnowsze artykuły',
      'Szybkie linki',
      'Wszelkie prawa zastrzeżone',
    ])
      expect(before.root.includes(words) || text.includes(words), words).toBe(true);
    expect(text).toContain(first.title);
    // The browser takes over this markup: no fallback of a lazy part left for it to fill.
    expect(before.root).not.toMatch(/<!--\$[?!]-->|<template/);

    const second = await buildPost({ title: `Drugi ${uniqueSuffix()}`, categories: [category] });
    await api.runtime.publicCache.changes.settled();
    const after = await page('/');
    expect(textOf(after.root)).toContain(second.title);
  });

  it('an article: its text, byline and comments, meta tags and JSON-LD, and the data the call answers', async () => {
    const author = await buildUser({ role: 'publisher', displayName: 'Ala <b>Nowak</b> $& $1' });
    const post = await buildPost({
      author,
      title: `Tytuł </script><script>alert(1)</script> $' $& ${uniqueSuffix()}`,
      categories: [await buildCategory()],
      imageUrl: `/uploads/${'ab12'.repeat(8)}-960w.webp`,
    });
    await buildComment({ post, content: 'Komentarz <img src=x onerror=alert(1)> $` koniec' });
    await api.runtime.publicCache.changes.settled();
    const article = await page(`/post/${post.slug}`);
    expect(article.status).toBe(200);
    expect(article.data.fallback[`@"post","${post.slug}",`]).toEqual(
      await (await api.fetch(`/api/posts/${post.slug}`)).json(),
    );
    expect(article.html).not.toContain('<script>alert(1)');
    expect(article.html).not.toContain('<img src=x');
    // Replacement patterns ($&, $', $`, $1) stay as written.
    expect(article.root).toContain(
      'Tytuł &lt;/script&gt;&lt;script&gt;alert(1)&lt;/script&gt; $&#x27; $&amp;',
    );
    expect(article.root).toContain('Ala &lt;b&gt;Nowak&lt;/b&gt; $&amp; $1');
    expect(article.root).toContain('Komentarz &lt;img src=x onerror=alert(1)&gt; $` koniec');
    expect(article.root).toContain(post.content);
    expect(article.html).toMatch(/<title>Tytuł &lt;\/script&gt;.* — Uwaga, Chaos<\/title>/);
    expect(article.html).toContain('<meta property="og:type" content="article" />');
    expect(article.html).toContain('<script type="application/ld+json">');
    // The image as the app draws it: the widths uploads are stored in.
    expect(article.root).toContain(`srcSet="/api/images/${'ab12'.repeat(8)}-480w.webp 480w`);
  });

  it('an article page reads its post once on a miss: the renderer’s data carries the head too', async () => {
    const post = await buildPost({
      title: `Jeden odczyt ${uniqueSuffix()}`,
      categories: [await buildCategory()],
      imageUrl: `/uploads/${'cd34'.repeat(8)}-960w.webp`,
    });
    await api.runtime.publicCache.changes.settled();
    const reads: string[] = [];
    const redirectLookups: string[] = [];
    const record = (options: { replacements?: unknown }, query: object) => {
      const replacements = options.replacements as Record<string, unknown> | undefined;
      // The statement as sent (a query knows it once it has run).
      const sql = (query as { sql?: string }).sql ?? '';
      // Every read of this article's row by its address (for the page, for its meta tags, for anything
      // else).
      if (replacements?.slug === post.slug && /\bFROM posts p\b/.test(sql)) reads.push(sql);
      // A slug that found its post is no old slug: the redirects are not asked.
      if (/post_slug_redirects/.test(sql)) redirectLookups.push(sql);
    };
    api.runtime.sequelize.addHook('afterQuery', 'count-article-reads', record);
    try {
      const article = await page(`/post/${post.slug}`);
      expect(article.status).toBe(200);
      expect(article.html).toContain(`<meta property="og:title" content="${post.title}" />`);
      expect(article.html).toContain(
        `<meta property="og:image" content="${api.runtime.config.PUBLIC_URL.replace(/\/$/, '')}/api/images/${'cd34'.repeat(8)}-960w.webp" />`,
      );
      expect(article.html).toContain('<script type="application/ld+json">');
    } finally {
      api.runtime.sequelize.removeHook('afterQuery', 'count-article-reads');
    }
    expect(reads).toHaveLength(1);
    expect(redirectLookups).toEqual([]);
  });

  it('an old slug of an article, asked once it found no post, answers 301 to the article, also where its 404 was kept', async () => {
    const post = await buildPost({
      title: `Przeniesiony ${uniqueSuffix()}`,
      categories: [await buildCategory()],
    });
    const old = `stary-${uniqueSuffix()}`;
    // Its 404, asked before the redirect exists, is kept; the redirect's row makes it stale.
    for (let visit = 0; visit < 2; visit++) expect((await page(`/post/${old}`)).status).toBe(404);
    await api.runtime.sequelize.query(
      'INSERT INTO post_slug_redirects (old_slug, post_id) VALUES (:old, :id)',
      {
        replacements: { old, id: post.id },
      },
    );
    await api.runtime.publicCache.changes.settled();
    for (let visit = 0; visit < 2; visit++) {
      const res = await api.fetch(`/post/${old}`, { redirect: 'manual' });
      expect(res.status).toBe(301);
      expect(res.headers.get('location')).toBe(`/post/${post.slug}`);
    }
    expect((await page(`/post/nie-ma-${uniqueSuffix()}`)).status).toBe(404);
  });

  it('shows dates as they are in Warsaw', async () => {
    const post = await buildPost({
      categories: [await buildCategory()],
      createdAt: new Date('2025-06-30T22:30:00Z'),
    });
    await api.runtime.publicCache.changes.settled();
    expect(textOf((await page(`/post/${post.slug}`)).root)).toContain('01 lipca 2025');
  });

  it('the list with a search and a page, as the list call answers it', async () => {
    const word = `szukane${uniqueSuffix()}`;
    const category = await buildCategory();
    for (let index = 0; index < 7; index += 1)
      await buildPost({ title: `${word} ${index}`, categories: [category] });
    await api.runtime.publicCache.changes.settled();
    const list = await page(`/posts?q=${word}&page=2`);
    expect(list.status).toBe(200);
    const expected = await listCall(`page=2&limit=6&q=${word}`);
    expect(expected.posts).toHaveLength(1);
    expect(list.data.fallback[`@"posts",2,6,"${word}",`]).toEqual(expected);
    expect(textOf(list.root)).toContain(expected.posts[0].title);
    expect(textOf(list.root)).toContain('Wyniki wyszukiwania: 7');
  });

  it('keys the list page by its page and search alone; a person’s link is rendered for its request, never kept', async () => {
    const word = `klucz${uniqueSuffix()}`;
    await buildPost({ title: `${word} tytuł`, categories: [await buildCategory()] });
    await api.runtime.publicCache.changes.settled();
    const plain = await api.fetch(`/posts?q=${word}`);
    const entries = api.runtime.publicCache.size.entries;
    const junk = await api.fetch(`/posts?utm_source=x&q=${word}&page=1`);
    expect(await junk.text()).toBe(await plain.text());
    expect(api.runtime.publicCache.size.entries).toBe(entries);

    const withToken = await api.fetch('/auth/reset?token=abc');
    expect(withToken.headers.get('cache-control')).toBe('no-store');
    const formHtml = await withToken.text();
    const bare = await (await api.fetch('/auth/reset')).text();
    expect(bare).not.toBe(formHtml);
    // The copy kept for the bare address is never handed to a link that carries a token.
    expect(await (await api.fetch('/auth/reset?token=abc')).text()).toBe(formHtml);
  });

  it('an article readers may not see, and an unknown path, are 404 pages with the app’s own screens', async () => {
    const hidden = await buildPost({ categories: [await buildCategory({ enabled: false })] });
    const missing = await page(`/post/${hidden.slug}`);
    expect(missing.status).toBe(404);
    expect(textOf(missing.root)).toContain('Artykuł nie został znaleziony');
    expect(missing.html).not.toContain(hidden.title);
    expect(missing.data.fallback[`@"post","${hidden.slug}",`]).toBeNull();

    const unknown = await page('/to/nie/istnieje');
    expect(unknown.status).toBe(404);
    expect(textOf(unknown.root)).toContain('Page not found');
  });

  it('reads an address in every spelling as the browser’s router does: an encoded letter is the same article, a NUL or a line break no page', async () => {
    const post = await buildPost({ categories: [await buildCategory()] });
    const [first, ...rest] = post.slug;
    const encoded = `%${first.charCodeAt(0).toString(16)}${rest.join('')}`;
    const spelled = await page(`/post/${encoded}`);
    expect(spelled.status).toBe(200);
    expect(textOf(spelled.root)).toContain(post.title);
    expect(spelled.html).toContain(`<title>${post.title}`);

    for (const path of ['/post/%00', `/post/${post.slug}%0A`, '/abc%0A', '/admin%0A', '/x%E2%80%A8']) {
      const missing = await page(path);
      expect(missing.status, path).toBe(404);
      expect(textOf(missing.root), path).toMatch(/Artykuł nie został znaleziony|Page not found/);
    }
    // A malformed escape is no address at all.
    expect((await api.fetch('/post/%E0')).status).toBe(400);
  });

  it('about, contact and cookies are rendered too; the panel stays the shell the browser renders', async () => {
    expect(textOf((await page('/about')).root)).toContain('O Blogu');
    expect(textOf((await page('/contact')).root)).toContain('Napisz wiadomość');
    const cookies = await page('/cookies');
    expect(textOf(cookies.root)).toContain(
      `Ostatnia aktualizacja: ${cookies.data.today.split('-').reverse().join('.')}`,
    );
    const panel = await (await api.fetch('/admin')).text();
    expect(panel).toContain('<div id="root"></div>');
    expect(panel).not.toContain('id="page-data"');
  });
});
