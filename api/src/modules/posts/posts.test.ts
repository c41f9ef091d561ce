import type { PostDetail, PostSummary } from '@blog/shared';
import { describe, expect, it } from 'vitest';
import {
  buildCategory,
  buildComment,
  buildPost,
  buildTag,
  buildUser,
  uniqueSuffix,
} from '../../../test/factories.ts';
import { testApiForFile } from '../../../test/file-api.ts';
import { readError } from '../../../test/http.ts';
import { Post } from './post.model.ts';

const api = testApiForFile({ TRUST_PROXY: '1' });

const minutesAgo = (minutes: number) => new Date(Date.now() - minutes * 60_000);
const list = async (query: string) => {
  const res = await api.fetch(`/api/posts?${query}`);
  expect(res.status).toBe(200);
  return { res, items: (await res.json()) as PostSummary[] };
};

describe('GET /api/posts', () => {
  it('lists only published posts in a visible category, newest first, without bodies', async () => {
    const token = `widok${uniqueSuffix().replace(/-/g, '')}`;
    const visible = await buildCategory();
    const hidden = await buildCategory({ enabled: false });
    const author = await buildUser({ role: 'admin', displayName: 'Anna Nowak' });
    const tag = await buildTag({ name: `tag-${token}` });
    const older = await buildPost({
      title: `Starszy ${token}`,
      categories: [visible],
      author,
      createdAt: minutesAgo(10),
    });
    const newer = await buildPost({
      title: `Nowszy ${token}`,
      categories: [hidden, visible],
      tags: [tag],
      createdAt: minutesAgo(5),
    });
    await buildPost({ title: `Szkic ${token}`, categories: [visible], published: false });
    await buildPost({ title: `Bez kategorii ${token}`, categories: [] });
    await buildPost({ title: `Ukryta kategoria ${token}`, categories: [hidden] });

    const { res, items } = await list(`q=${token}&page=1`);
    expect(items.map((item) => item.id)).toEqual([newer.id, older.id]);
    expect(res.headers.get('x-total-count')).toBe('2');
    expect(res.headers.get('x-total-pages')).toBe('1');
    expect(items[0]).not.toHaveProperty('content');
    expect(items[0]!.categories).toEqual([{ id: visible.id, name: visible.name }]);
    expect(items[0]!.tags).toEqual([tag.name]);
    expect(items[1]!.author).toEqual({ displayName: 'Anna Nowak', username: author.username, role: 'admin' });
    expect(items[1]!.readingTimeMinutes).toBe(1);
  });

  it('gives each post of a page its own categories and tags by name, and no author when it has none', async () => {
    const token = `relacje${uniqueSuffix().replace(/-/g, '')}`;
    const [zeta, alfa] = [
      await buildCategory({ name: `Zeta ${token}` }),
      await buildCategory({ name: `Alfa ${token}` }),
    ];
    const [late, early] = [await buildTag({ name: `zz-${token}` }), await buildTag({ name: `aa-${token}` })];
    const orphan = await buildPost({
      title: `Bez autora ${token}`,
      categories: [zeta],
      author: null,
      createdAt: minutesAgo(3),
    });
    const both = await buildPost({
      title: `Obie ${token}`,
      categories: [zeta, alfa],
      tags: [late, early],
      createdAt: minutesAgo(2),
    });
    const { items } = await list(`q=${token}&page=1`);
    expect(items.map((item) => item.id)).toEqual([both.id, orphan.id]);
    expect(items[0]!.categories.map((category) => category.name)).toEqual([alfa.name, zeta.name]);
    expect(items[0]!.tags).toEqual([early.name, late.name]);
    expect(items[1]).toMatchObject({
      author: null,
      categories: [{ id: zeta.id, name: zeta.name }],
      tags: [],
    });
  });

  it('pages on the server, 6 per page by default, with totals in headers', async () => {
    const token = `strony${uniqueSuffix().replace(/-/g, '')}`;
    const category = await buildCategory();
    for (let i = 0; i < 8; i++) {
      await buildPost({
        title: `Wpis ${i} ${token}`,
        categories: [category],
        createdAt: minutesAgo(100 - i),
      });
    }
    const first = await list(`q=${token}&page=1`);
    expect(first.items).toHaveLength(6);
    expect(first.items[0]!.title).toBe(`Wpis 7 ${token}`);
    expect(first.res.headers.get('x-total-count')).toBe('8');
    expect(first.res.headers.get('x-total-pages')).toBe('2');
    expect(first.res.headers.get('x-limit')).toBe('6');
    const second = await list(`q=${token}&page=2`);
    expect(second.items.map((item) => item.title)).toEqual([`Wpis 1 ${token}`, `Wpis 0 ${token}`]);
    expect(second.res.headers.get('x-page')).toBe('2');
    expect((await list(`q=${token}&page=3`)).items).toEqual([]);
    expect((await list(`q=${token}&page=1&limit=3`)).items).toHaveLength(3);
  });

  it('searches title, excerpt and text case-insensitively, ignoring markup, with literal wildcards', async () => {
    const token = uniqueSuffix().replace(/-/g, '');
    const category = await buildCategory();
    const inTitle = await buildPost({ title: `Żółw ${token}`, categories: [category] });
    const inExcerpt = await buildPost({ excerpt: `Zajawka o ŻÓŁWIACH ${token}`, categories: [category] });
    const inText = await buildPost({
      content: `<p>Tekst o <strong>żółwiu</strong> ${token}</p>`,
      contentText: `Tekst o żółwiu ${token}`,
      categories: [category],
    });
    const found = (await list(`q=${encodeURIComponent(`ŻÓŁW`)}&limit=50`)).items.map((item) => item.id);
    expect(found).toEqual(expect.arrayContaining([inTitle.id, inExcerpt.id, inText.id]));
    const scoped = (await list(`q=${encodeURIComponent(`żółw ${token}`)}&page=1`)).items.map(
      (item) => item.id,
    );
    expect(scoped).toEqual([inTitle.id]);
    expect((await list(`q=strong+${token}&page=1`)).items).toEqual([]);
    expect((await list(`q=${encodeURIComponent(`%${token}_x`)}&page=1`)).items).toEqual([]);
  });

  it('gives reading time as words split on spaces / 200, rounded up, at least one minute', async () => {
    const token = `czas${uniqueSuffix().replace(/-/g, '')}`;
    const category = await buildCategory();
    const words = (count: number) => Array.from({ length: count }, (_, i) => `słowo${i}`).join('  ');
    await buildPost({
      title: `A ${token}`,
      contentText: words(400),
      categories: [category],
      createdAt: minutesAgo(3),
    });
    await buildPost({
      title: `B ${token}`,
      contentText: words(401),
      categories: [category],
      createdAt: minutesAgo(2),
    });
    await buildPost({
      title: `C ${token}`,
      contentText: '',
      categories: [category],
      createdAt: minutesAgo(1),
    });
    const { items } = await list(`q=${token}&page=1`);
    expect(items.map((item) => [item.title.at(0), item.readingTimeMinutes])).toEqual([
      ['C', 1],
      ['B', 3],
      ['A', 2],
    ]);
  });

  it('answers every visible post as an array when no paging is asked for', async () => {
    const category = await buildCategory();
    const post = await buildPost({ categories: [category] });
    const draft = await buildPost({ categories: [category], published: false });
    const { res, items } = await list('');
    const ids = items.map((item) => item.id);
    expect(ids).toContain(post.id);
    expect(ids).not.toContain(draft.id);
    expect(res.headers.get('x-total-count')).toBe(String(items.length));
  });

  it('counts an unpaged answer by its items, even beside a post whose stored visibility flag is wrong', async () => {
    const hidden = await buildCategory({ enabled: false });
    const post = await buildPost({ categories: [hidden] });
    // A flag set by hand against the triggers: the unpaged list's rows and count both test the tables.
    await Post.sequelize!.query('UPDATE posts SET in_visible_category = true WHERE id = :id', {
      replacements: { id: post.id },
    });
    try {
      const { res, items } = await list('');
      expect(items.map((item) => item.id)).not.toContain(post.id);
      expect(res.headers.get('x-total-count')).toBe(String(items.length));
    } finally {
      await Post.destroy({ where: { id: post.id } });
    }
  });

  it.each([
    ['page=0', 'page', 'Numer strony musi być liczbą całkowitą większą od 0.'],
    ['page=abc', 'page', 'Numer strony musi być liczbą całkowitą większą od 0.'],
    ['page=1.5', 'page', 'Numer strony musi być liczbą całkowitą większą od 0.'],
    ['limit=51', 'limit', 'Liczba wpisów na stronie musi być liczbą od 1 do 50.'],
    ['limit=0', 'limit', 'Liczba wpisów na stronie musi być liczbą od 1 do 50.'],
    [`q=${'a'.repeat(201)}`, 'q', 'Wyszukiwana fraza może mieć najwyżej 200 znaków.'],
  ])('rejects %s with 400 and a clear message', async (query, field, message) => {
    const res = await api.fetch(`/api/posts?${query}`);
    expect(res.status).toBe(400);
    expect(await readError(res)).toEqual({ error: 'validation_failed', message, field });
  });
});

describe('GET /api/posts/{slugOrId}', () => {
  it('returns the post with author, visible categories, tags, sanitized body and comments oldest first', async () => {
    const visible = await buildCategory();
    const hidden = await buildCategory({ enabled: false });
    const tag = await buildTag();
    const post = await buildPost({
      categories: [visible, hidden],
      tags: [tag],
      content:
        '<h2 style="text-align: center; color: red">Nagłówek</h2><p onclick="x()">Akapit <a href="javascript:alert(1)">zły</a> <a href="https://example.com">dobry</a></p><script>alert(1)</script><img src="data:image/png;base64,AAAA">',
    });
    const first = await buildComment({ post, createdAt: minutesAgo(5) });
    const second = await buildComment({ post, createdAt: minutesAgo(1) });

    const res = await api.fetch(`/api/posts/${post.slug}`);
    expect(res.status).toBe(200);
    const body = (await res.json()) as PostDetail;
    expect(body.id).toBe(post.id);
    expect(body.categories).toEqual([{ id: visible.id, name: visible.name }]);
    expect(body.tags).toEqual([tag.name]);
    expect(body.content).toBe(
      '<h2 style="text-align: center">Nagłówek</h2><p>Akapit <a target="_blank" rel="noopener noreferrer">zły</a> <a target="_blank" rel="noopener noreferrer" href="https://example.com">dobry</a></p>',
    );
    expect(body.comments.map((comment) => comment.id)).toEqual([first.id, second.id]);
    expect(JSON.stringify(body)).not.toContain('@example.com');
  });

  it('resolves a numeric id too', async () => {
    const post = await buildPost({ categories: [await buildCategory()] });
    const res = await api.fetch(`/api/posts/${post.id}`);
    expect(res.status).toBe(200);
    expect(((await res.json()) as PostDetail).slug).toBe(post.slug);
  });

  it.each([
    ['a draft', { published: false }],
    ['a post without categories', { categories: [] }],
  ])('answers 404 JSON for %s', async (_name, overrides) => {
    const post = await buildPost(overrides);
    for (const key of [post.slug, String(post.id)]) {
      const res = await api.fetch(`/api/posts/${key}`);
      expect(res.status).toBe(404);
      expect(await readError(res)).toEqual({ error: 'not_found', message: 'Artykuł nie został znaleziony' });
    }
  });

  it.each(['nie-ma-takiego-wpisu', '99999999999', '2147483648', '%00', "x' OR '1'='1"])(
    'answers 404 JSON for unknown %s',
    async (key) => {
      const res = await api.fetch(`/api/posts/${encodeURIComponent(key)}`);
      expect(res.status).toBe(404);
      expect((await readError(res)).error).toBe('not_found');
    },
  );
});

describe('GET /api/categories and /api/tags', () => {
  it('lists visible categories only', async () => {
    const visible = await buildCategory();
    const hidden = await buildCategory({ enabled: false });
    const res = await api.fetch('/api/categories');
    const body = (await res.json()) as { id: number; name: string; enabled: boolean }[];
    expect(body).toContainEqual({ id: visible.id, name: visible.name, enabled: true, version: 1 });
    expect(body.map((category) => category.id)).not.toContain(hidden.id);
  });

  it('counts tags of visible posts only', async () => {
    const category = await buildCategory();
    const tag = await buildTag();
    await buildPost({ categories: [category], tags: [tag] });
    await buildPost({ categories: [category], tags: [tag] });
    await buildPost({ categories: [category], tags: [tag], published: false });
    const body = (await (await api.fetch('/api/tags')).json()) as { name: string; count: number }[];
    expect(body).toContainEqual({ name: tag.name, count: 2 });
  });
});

describe('feeds', () => {
  it('serves RSS with the newest visible posts and escaped titles', async () => {
    const post = await buildPost({
      title: `Nowość <&> ${uniqueSuffix()}`,
      categories: [await buildCategory()],
    });
    const draft = await buildPost({ categories: [await buildCategory()], published: false });
    const res = await api.fetch('/rss.xml');
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toContain('application/rss+xml');
    const xml = await res.text();
    expect(xml).toContain(`<title>${post.title.replace('<&>', '&lt;&amp;&gt;')}</title>`);
    expect(xml).toContain(`http://localhost:3000/post/${post.slug}`);
    expect(xml).not.toContain(draft.slug);
  });

  it('lists visible posts and static pages in the sitemap', async () => {
    const post = await buildPost({ categories: [await buildCategory()] });
    const hidden = await buildPost({ categories: [] });
    const xml = await (await api.fetch('/sitemap.xml')).text();
    expect(xml).toContain('<loc>http://localhost:3000/about</loc>');
    expect(xml).toContain(`/post/${post.slug}</loc>`);
    expect(xml).not.toContain(hidden.slug);
  });
});
