import { buildUser, TestBrowser, type TestApi } from '@blog/api/testing';
import { parse } from 'parse5';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { categoryPath, tagPath } from '@blog/shared/addresses';
import { startProduct } from './support/product.ts';

/**
 * A replacement *string* reads `$'`, `` $` ``, `$&` and `$1` as patterns, so an excerpt
 * like „Krótko o $'…' w bashu” once turned an article into dozens of copies of the document. Every
 * field that reaches a public page gets those patterns and a `</script>` here, through the API as
 * an editor would type them, and every public page must stay one well-formed document whose
 * embedded JSON parses.
 */

const NASTY = "$' $` $& $1 $$ </script><script>window.__pwned=1</script> \u2028 <!-- ]]>";
/**
 * The same for a one-line text (a name, a title, a tag): those refuse a line separator (U+2028) at
 * input. The multi-line ones (excerpt, body, comment, descriptions) still carry it into the pages.
 */
const NASTY_NAME = NASTY.replace('\u2028 ', '');
const PASSWORD = 'Dobre-Hasło1';

let product: TestApi;
let slug: string;
/** The category and tag pages of the post, and their feeds. */
let archives: Record<string, string>;

interface Element {
  nodeName: string;
  tagName?: string;
  attrs?: { name: string; value: string }[];
  childNodes?: Element[];
  value?: string;
}

function walk(node: Element, visit: (element: Element) => void): void {
  visit(node);
  for (const child of node.childNodes ?? []) walk(child, visit);
  const content = (node as { content?: Element }).content;
  if (content) walk(content, visit);
}

const attr = (element: Element, name: string) => element.attrs?.find((a) => a.name === name)?.value;

/** The page's shape: how many documents, roots and titles, and which embedded JSON fails to parse. */
function inspect(html: string) {
  const document = parse(html) as unknown as Element;
  const counts = { html: 0, head: 0, body: 0, title: 0, root: 0 };
  const badJson: string[] = [];
  const scripts: string[] = [];
  walk(document, (element) => {
    const tag = element.tagName;
    if (tag === 'html' || tag === 'head' || tag === 'body' || tag === 'title') counts[tag]++;
    if (attr(element, 'id') === 'root') counts.root++;
    if (tag === 'script') {
      const text = (element.childNodes ?? []).map((child) => child.value ?? '').join('');
      const type = attr(element, 'type') ?? '';
      if (/json/.test(type)) {
        try {
          JSON.parse(text);
        } catch {
          badJson.push(`${type}: ${text.slice(0, 80)}`);
        }
      } else if (text.trim()) scripts.push(text);
    }
  });
  return {
    counts,
    badJson,
    scripts,
    doctypes: html.match(/<!doctype html>/gi)?.length ?? 0,
    htmlEnds: html.match(/<\/html>/gi)?.length ?? 0,
  };
}

beforeAll(async () => {
  product = await startProduct({ privateDatabase: 'page_integrity' });
  await buildUser({ role: 'admin', username: 'integrity-admin', password: PASSWORD });
  const admin = new TestBrowser(product);
  await admin.signIn('integrity-admin', PASSWORD);
  const me = (await (await admin.call('GET', '/api/user')).json()) as { id: number };

  const ok = async (res: Response) => {
    if (res.status >= 300) throw new Error(`${res.url}: ${res.status} ${await res.text()}`);
    return res.json() as Promise<Record<string, unknown>>;
  };
  await ok(
    await admin.call('PATCH', `/api/admin/users/${me.id}`, {
      displayName: `Autor ${NASTY_NAME}`.slice(0, 100),
    }),
  );
  const category = await ok(
    await admin.call('POST', '/api/admin/categories', { name: `Kat ${NASTY_NAME}`.slice(0, 100) }),
  );
  await ok(
    await admin.call('POST', '/api/admin/site-settings', {
      blogDescription: `Opis ${NASTY}`,
      aboutPageContent: `<p>O nas ${NASTY}</p>`,
    }),
  );
  const form = new FormData();
  form.set(
    'postData',
    JSON.stringify({
      title: `Krótko o ${NASTY_NAME}`,
      slug: 'krotko-o-dolarach',
      excerpt: `Zajawka ${NASTY}`,
      content: `<p>Treść ${NASTY}</p><p>${'Dłuższy akapit. '.repeat(20)}</p>`,
      categories: [category.id],
      tags: [`tag ${NASTY_NAME}`.slice(0, 50)],
      published: true,
    }),
  );
  const post = (await ok(await admin.upload('POST', '/api/admin/posts', form))) as {
    id: number;
    slug: string;
  };
  slug = post.slug;
  const tag = `tag ${NASTY_NAME}`.slice(0, 50).trim();
  const named = { id: category.id as number, name: category.name as string };
  archives = {
    ':category': categoryPath(named),
    ':tag': tagPath(tag),
    ':categoryFeed': `/rss/category/${named.id}.xml`,
    ':tagFeed': `/rss/tag/${encodeURIComponent(tag)}.xml`,
  };
  const visitor = new TestBrowser(product);
  await ok(
    await visitor.call('POST', `/api/posts/${post.id}/comments`, {
      author: `Czytelnik ${NASTY_NAME}`.slice(0, 100),
      email: 'czytelnik@example.com',
      content: `Komentarz ${NASTY}`,
      postId: post.id,
    }),
  );
});
afterAll(async () => {
  await product?.close();
});

describe('every public page stays one document whatever people type', () => {
  const pages = [
    '/',
    '/posts',
    '/posts?q=%24',
    '/post/:slug',
    ':category',
    ':tag',
    '/about',
    '/contact',
    '/cookies',
    '/nie-ma-takiej',
  ];
  for (const page of pages) {
    it(`${page} is one well-formed document with parseable embedded JSON`, async () => {
      const res = await product.fetch(archives[page] ?? page.replace(':slug', () => slug));
      expect(res.status, page).toBe(page === '/nie-ma-takiej' ? 404 : 200);
      const html = await res.text();
      const found = inspect(html);
      expect({ doctypes: found.doctypes, htmlEnds: found.htmlEnds, ...found.counts }).toEqual({
        doctypes: 1,
        htmlEnds: 1,
        html: 1,
        head: 1,
        body: 1,
        title: 1,
        root: 1,
      });
      expect(found.badJson).toEqual([]);
      expect(found.scripts.join('\n')).not.toContain('__pwned');
      expect(html).not.toContain('<script>window.__pwned');
    });
  }

  it('the article and the home page carry the text exactly as typed', async () => {
    const article = await (await product.fetch(`/post/${slug}`)).text();
    const embedded = [
      ...article.matchAll(/<script[^>]*type="application\/(?:ld\+)?json"[^>]*>([\s\S]*?)<\/script>/g),
    ]
      .map((match) => JSON.stringify(JSON.parse(match[1]!)))
      .join('\n');
    expect(embedded).toContain(JSON.stringify(`Krótko o ${NASTY_NAME}`).slice(1, -1));
    expect(embedded).toContain(JSON.stringify(`Zajawka ${NASTY}`).slice(1, -1));
  });

  it('the feeds and the sitemap stay one XML document each', async () => {
    for (const feed of ['/rss.xml', '/sitemap.xml', archives[':categoryFeed']!, archives[':tagFeed']!]) {
      const res = await product.fetch(feed);
      expect(res.status, feed).toBe(200);
      const xml = await res.text();
      expect(xml.match(/<\?xml/g)?.length, feed).toBe(1);
      expect(xml).not.toContain('<script>');
    }
  });
});
