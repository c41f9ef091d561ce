import { categoryPath, tagPath } from '@blog/shared/addresses';
import { describe, expect, it } from 'vitest';
import { PostCategory } from '../posts/post-category.model.ts';
import { PostTag } from '../tags/post-tag.model.ts';
import { buildCategory, buildPost, buildTag, uniqueSuffix } from '../../../test/factories.ts';
import { postListOf, renderingTestApiForFile, rootOf, textOf } from '../../../test/rendered-pages.ts';

const api = renderingTestApiForFile();

const fallbackOf = (html: string) =>
  (
    JSON.parse(/<script id="page-data" type="application\/json">([\s\S]*?)<\/script>/.exec(html)![1]) as {
      fallback: Record<string, unknown>;
    }
  ).fallback;

async function page(pathname: string) {
  const res = await api.fetch(pathname);
  const html = await res.text();
  return { status: res.status, html, root: rootOf(html), text: textOf(rootOf(html)) };
}

/** What the list call answers, in the shape the web's hook holds it. */
async function listCall(query: string) {
  const res = await api.fetch(`/api/posts?${query}`);
  expect(res.status).toBe(200);
  return postListOf(res);
}

const settled = () => api.runtime.publicCache.changes.settled();

describe('the readers’ archives: category and tag pages rendered on the server', () => {
  it('a category page: its name, the cards of its posts without JavaScript, meta tags, its feed; other posts stay out', async () => {
    const category = await buildCategory({ name: `Żółta Kategoria ${uniqueSuffix()}` });
    const inside = await buildPost({ title: `W kategorii ${uniqueSuffix()}`, categories: [category] });
    const elsewhere = await buildPost({ categories: [await buildCategory()] });
    const draft = await buildPost({ published: false, categories: [category] });
    await settled();
    const path = categoryPath(category);
    expect(path).toMatch(new RegExp(`^/kategoria/${category.id}-zolta-kategoria-`));
    const res = await page(path);
    expect(res.status).toBe(200);
    expect(res.text).toContain(category.name);
    expect(res.text).toContain(inside.title);
    expect(res.text).toContain('Artykułów: 1');
    expect(res.root).toContain(`href="/post/${inside.slug}"`);
    expect(res.html).not.toContain(elsewhere.title);
    expect(res.html).not.toContain(draft.title);
    // The same data the browser's call answers, under the key its hook reads.
    expect(fallbackOf(res.html)[`@"archive","category",${category.id},1,6,`]).toEqual(
      await listCall(`page=1&limit=6&category=${category.id}`),
    );
    expect(res.html).toContain(`<title>Kategoria: ${category.name} — Uwaga, Chaos</title>`);
    expect(res.html).toContain(`<link rel="canonical" href="http://localhost:3000${path}" />`);
    expect(res.html).toContain('<meta property="og:type" content="website" />');
    expect(res.html).toContain(
      `<link rel="alternate" type="application/rss+xml" title="Uwaga, Chaos — ${category.name}" href="http://localhost:3000/rss/category/${category.id}.xml" />`,
    );
    const jsonLd = /<script type="application\/ld\+json">([\s\S]*?)<\/script>/.exec(res.html);
    expect(JSON.parse(jsonLd![1])).toMatchObject({
      '@type': 'CollectionPage',
      url: `http://localhost:3000${path}`,
    });
  });

  it('an old name or the bare id still reaches the category; the canonical link names it as it is now', async () => {
    const category = await buildCategory({ name: `Stara nazwa ${uniqueSuffix()}` });
    const post = await buildPost({ categories: [category] });
    await settled();
    const oldPath = categoryPath(category);
    await category.update({ name: `Nowa nazwa ${uniqueSuffix()}` });
    await settled();
    for (const path of [oldPath, `/kategoria/${category.id}`]) {
      const res = await page(path);
      expect(res.status, path).toBe(200);
      expect(res.text).toContain(category.name);
      expect(res.text).toContain(post.title);
      expect(res.html).toContain(
        `<link rel="canonical" href="http://localhost:3000${categoryPath(category)}" />`,
      );
    }
  });

  it('pages by ?page= like the list of all articles, keyed by the page alone', async () => {
    const category = await buildCategory();
    const titles: string[] = [];
    for (let index = 0; index < 7; index += 1)
      titles.push(
        (await buildPost({ title: `Stronicowany ${index} ${uniqueSuffix()}`, categories: [category] })).title,
      );
    await settled();
    const path = categoryPath(category);
    const first = await page(path);
    expect(first.text).toContain(titles[6]);
    expect(first.text).not.toContain(titles[0]);
    expect(first.root).toContain('aria-label="Strona 2"');
    const second = await page(`${path}?page=2`);
    expect(second.status).toBe(200);
    expect(second.text).toContain(titles[0]);
    expect(second.text).not.toContain(titles[6]);
    expect(second.html).toContain(`<link rel="canonical" href="http://localhost:3000${path}?page=2" />`);
    // Unknown parameters share the page's entry; the page number does not.
    const entries = api.runtime.publicCache.size.entries;
    expect((await page(`${path}?utm_source=x&page=2`)).html).toBe(second.html);
    expect(api.runtime.publicCache.size.entries).toBe(entries);
  });

  it('a tag page: posts carrying the tag in any case, the tag as written, its feed', async () => {
    const tag = await buildTag({ name: `Sztuczna Inteligencja ${uniqueSuffix()}` });
    const tagged = await buildPost({ categories: [await buildCategory()], tags: [tag] });
    const untagged = await buildPost({ categories: [await buildCategory()] });
    await settled();
    for (const path of [tagPath(tag.name), tagPath(tag.name.toLowerCase())]) {
      const res = await page(path);
      expect(res.status, path).toBe(200);
      expect(res.text).toContain(`#${tag.name}`);
      expect(res.text).toContain(tagged.title);
      expect(res.html).not.toContain(untagged.title);
      expect(res.html).toContain(`<title>Tag: ${tag.name} — Uwaga, Chaos</title>`);
      expect(res.html).toContain(`<link rel="canonical" href="http://localhost:3000${tagPath(tag.name)}" />`);
      expect(res.html).toContain(`href="http://localhost:3000/rss/tag/${encodeURIComponent(tag.name)}.xml"`);
    }
  });

  it('names with markup and replacement patterns stay text: one page, escaped, in the HTML, its data and the feeds', async () => {
    const hostile = `$' $& $\` </script><script>alert(1)</script>`;
    const category = await buildCategory({ name: `${hostile} ${uniqueSuffix()}` });
    const tag = await buildTag({ name: `${hostile.slice(0, 30)} ${uniqueSuffix()}` });
    const post = await buildPost({ categories: [category], tags: [tag] });
    await settled();
    for (const path of [categoryPath(category), tagPath(tag.name)]) {
      const res = await page(path);
      expect(res.status, path).toBe(200);
      // One document: no name was read as a replacement pattern or as the end of a script.
      expect(res.html.match(/<div id="root">/g), path).toHaveLength(1);
      expect(res.html.match(/<\/html>/g), path).toHaveLength(1);
      expect(res.html, path).not.toContain('<script>alert(1)');
      expect(res.text, path).toContain(post.title);
      expect(JSON.stringify(fallbackOf(res.html)), path).toContain(
        JSON.stringify(category.name).slice(1, -1),
      );
    }
    for (const feed of [`/rss/category/${category.id}.xml`, `/rss/tag/${encodeURIComponent(tag.name)}.xml`]) {
      const res = await api.fetch(feed);
      const xml = await res.text();
      expect(res.status, feed).toBe(200);
      expect(xml, feed).not.toContain('<script>');
      expect(xml, feed).toContain(post.title);
    }
  });

  it('an unknown or hidden category, and a tag no visible post carries, are 404 pages', async () => {
    const hidden = await buildCategory({ enabled: false });
    const hiddenPost = await buildPost({ categories: [hidden] });
    const draftTag = await buildTag();
    await buildPost({ published: false, categories: [await buildCategory()], tags: [draftTag] });
    await settled();
    for (const [path, text] of [
      [categoryPath(hidden), 'Kategoria nie została znaleziona'],
      ['/kategoria/2147483647-nie-ma', 'Kategoria nie została znaleziona'],
      ['/kategoria/abc', 'Kategoria nie została znaleziona'],
      [tagPath(draftTag.name), 'Tag nie został znaleziony'],
      [tagPath(`nie-ma-${uniqueSuffix()}`), 'Tag nie został znaleziony'],
    ] as const) {
      const res = await page(path);
      expect(res.status, path).toBe(404);
      expect(res.text).toContain(text);
      expect(res.html).not.toContain('rel="canonical"');
    }
    expect((await page(categoryPath(hidden))).html).not.toContain(hiddenPost.title);
  });

  it('a post moved out of a category, or losing its tag, leaves that page at once (the database says so)', async () => {
    const from = await buildCategory();
    const to = await buildCategory();
    const tag = await buildTag();
    const post = await buildPost({ title: `Przenoszony ${uniqueSuffix()}`, categories: [from], tags: [tag] });
    await settled();
    expect((await page(categoryPath(from))).text).toContain(post.title);
    expect((await page(tagPath(tag.name))).text).toContain(post.title);
    // Warm: a second view is answered from memory.
    const warm = await api.fetch(categoryPath(from));
    expect(warm.headers.get('etag')).toBeTruthy();

    // As the editor's save writes it: the link rows, not a call to the cache.
    await PostCategory.update({ categoryId: to.id }, { where: { postId: post.id, categoryId: from.id } });
    await settled();
    const left = await page(categoryPath(from));
    expect(left.text).not.toContain(post.title);
    expect(left.text).toContain('Brak artykułów do wyświetlenia');
    expect((await page(categoryPath(to))).text).toContain(post.title);

    await PostTag.destroy({ where: { postId: post.id } });
    await settled();
    expect((await page(tagPath(tag.name))).status).toBe(404);
  });
});
