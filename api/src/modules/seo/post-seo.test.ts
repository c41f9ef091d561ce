// The SEO and sharing panel on the server: the admin API stores the meta title, description
// and social image (defaults, validation, the cover's upload pipeline, revisions), and the served head
// tags, JSON-LD and feeds use them — text with quotes or `</script>` breaking nothing.
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import type { AdminPost, PostRevisionSummary } from '@blog/shared';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TestBrowser } from '../../../test/browser.ts';
import { buildCategory, buildUser, uniqueSuffix } from '../../../test/factories.ts';
import { startTestApi, type TestApi } from '../../../test/harness.ts';
import { clientIp, readError } from '../../../test/http.ts';

// Formatted as the build writes it: the description tag spans lines.
const INDEX = `<!doctype html><html lang="pl"><head>
    <meta
      name="description"
      content="Opis bloga"
    />
<title>Uwaga, Chaos</title>
</head><body><div id="root"></div></body></html>`;
const PASSWORD = 'Dobre-Hasło1';
const BASE = 'http://localhost:3000';

let api: TestApi;
let admin: TestBrowser;
let webDistDir: string;
let categoryId: number;
beforeAll(async () => {
  webDistDir = await mkdtemp(path.join(os.tmpdir(), 'blog-web-post-seo-'));
  await writeFile(path.join(webDistDir, 'index.html'), INDEX);
  api = await startTestApi({ TRUST_PROXY: '1' }, { webDistDir });
  const adminUser = await buildUser({ role: 'admin', password: PASSWORD, displayName: 'Anna Nowak' });
  admin = new TestBrowser(api, clientIp());
  await admin.signIn(adminUser.username, PASSWORD);
  categoryId = (await buildCategory()).id;
});
afterAll(async () => {
  await api?.close();
  await rm(webDistDir, { recursive: true, force: true });
});

const input = (overrides: Record<string, unknown> = {}) => {
  const suffix = uniqueSuffix();
  return {
    title: `Wpis o uwadze ${suffix}`,
    slug: `wpis-o-uwadze-${suffix}`,
    content: '<p>Treść wpisu o uwadze, dość długa.</p>',
    excerpt: 'Zajawka wpisu',
    categories: [categoryId],
    ...overrides,
  };
};

type Upload = { field: 'image' | 'socialImage'; bytes: Buffer; name: string };

function form(postData: unknown, files: Upload[] = []): FormData {
  const body = new FormData();
  body.set('postData', JSON.stringify(postData));
  for (const file of files)
    body.set(file.field, new Blob([new Uint8Array(file.bytes)], { type: 'image/png' }), file.name);
  return body;
}

async function create(postData: unknown, files: Upload[] = []): Promise<AdminPost> {
  const res = await admin.upload('POST', '/api/admin/posts', form(postData, files));
  expect(res.status).toBe(201);
  return (await res.json()) as AdminPost;
}

async function update(post: AdminPost, postData: Record<string, unknown>, files: Upload[] = []) {
  return admin.upload(
    'PUT',
    `/api/admin/posts/${post.id}`,
    form({ ...input(), title: post.title, slug: post.slug, version: post.version, ...postData }, files),
  );
}

const png = (width: number, height: number) =>
  sharp({ create: { width, height, channels: 3, background: '#2e86de' } })
    .png()
    .toBuffer();

/** The served article's head: meta tags by name/property, and its one JSON-LD object. */
async function head(slug: string) {
  const res = await api.fetch(`/post/${slug}`);
  expect(res.status).toBe(200);
  const html = await res.text();
  const meta = (attribute: string, key: string) => {
    const match = new RegExp(`<meta ${attribute}="${key}" content="([^"]*)"`).exec(html);
    return match?.[1];
  };
  const scripts = [...html.matchAll(/<script type="application\/ld\+json">([\s\S]*?)<\/script>/g)];
  expect(scripts).toHaveLength(1);
  return {
    html,
    title: /<title>([^<]*)<\/title>/.exec(html)?.[1],
    description: meta('name', 'description'),
    ogTitle: meta('property', 'og:title'),
    ogDescription: meta('property', 'og:description'),
    ogImage: meta('property', 'og:image'),
    jsonLd: JSON.parse(scripts[0]![1]!) as Record<string, unknown>,
  };
}

describe('the SEO and sharing panel in the admin API', () => {
  it('stores nothing by default: the fields read null and the head falls back to title, excerpt and cover', async () => {
    const post = await create(input({ imageUrl: 'https://example.com/okladka.jpg' }));
    expect(post).toMatchObject({ metaTitle: null, metaDescription: null, socialImageUrl: null });
    const page = await head(post.slug);
    expect(page.title).toBe(`${post.title} — Uwaga, Chaos`);
    // The post's excerpt, no longer the site's description on every post.
    expect(page.description).toBe('Zajawka wpisu');
    expect(page.html).not.toContain('Opis bloga');
    expect(page.ogTitle).toBe(post.title);
    expect(page.ogImage).toBe('https://example.com/okladka.jpg');
    expect(page.jsonLd).toMatchObject({
      headline: post.title,
      description: 'Zajawka wpisu',
      image: ['https://example.com/okladka.jpg'],
    });
  });

  it('trims the fields and stores empty ones as none; absent fields keep, null clears them', async () => {
    const post = await create(
      input({ metaTitle: '  Tytuł do wyszukiwarki ', metaDescription: '   ', socialImageUrl: '' }),
    );
    expect(post).toMatchObject({
      metaTitle: 'Tytuł do wyszukiwarki',
      metaDescription: null,
      socialImageUrl: null,
    });
    const kept = await update(post, { metaDescription: 'Opis do wyszukiwarki' });
    expect(kept.status).toBe(200);
    const keptPost = (await kept.json()) as AdminPost;
    expect(keptPost).toMatchObject({
      metaTitle: 'Tytuł do wyszukiwarki',
      metaDescription: 'Opis do wyszukiwarki',
    });
    const cleared = await update(keptPost, { metaTitle: null });
    expect(((await cleared.json()) as AdminPost).metaTitle).toBeNull();
  });

  it('refuses a title over 70 and a description over 160 characters with Polish messages', async () => {
    // Exactly at the limits is fine (Polish letters count as one character each).
    await create(input({ metaTitle: 'ż'.repeat(70), metaDescription: 'ą'.repeat(160) }));
    for (const [field, value, message] of [
      ['metaTitle', 'ż'.repeat(71), 'Tytuł SEO może mieć najwyżej 70 znaków'],
      ['metaDescription', 'ą'.repeat(161), 'Opis SEO może mieć najwyżej 160 znaków'],
      ['socialImageUrl', 'javascript:alert(1)', 'Nieprawidłowy adres obrazu do udostępniania'],
      ['socialImageUrl', '/uploads/nie-ma-takiego-pliku.webp', 'Nieprawidłowy adres obrazu do udostępniania'],
      ['metaTitle', 42, 'Tytuł SEO może mieć najwyżej 70 znaków'],
    ] as const) {
      const res = await admin.upload('POST', '/api/admin/posts', form(input({ [field]: value })));
      expect(res.status, `${field}=${String(value)}`).toBe(400);
      expect(await readError(res)).toMatchObject({ message: message, field });
    }
  });

  it('takes the social image file through the cover pipeline (re-encoded WebP), separately from the cover', async () => {
    const post = await create(input(), [
      { field: 'image', bytes: await png(800, 400), name: 'okładka.png' },
      { field: 'socialImage', bytes: await png(1200, 630), name: 'udostępnianie.png' },
    ]);
    expect(post.imageUrl).toMatch(/^\/uploads\/[a-f0-9]{32}-800w\.webp$/);
    expect(post.socialImageUrl).toMatch(/^\/uploads\/[a-f0-9]{32}-1200w\.webp$/);
    expect(post.socialImageUrl).not.toBe(post.imageUrl);
    const served = await api.fetch(post.socialImageUrl!.replace('/uploads/', '/api/images/'));
    expect(served.headers.get('content-type')).toBe('image/webp');

    const page = await head(post.slug);
    const social = `${BASE}${post.socialImageUrl!.replace('/uploads/', '/api/images/')}`;
    expect(page.ogImage).toBe(social);
    expect(page.jsonLd.image).toEqual([social]);

    // Not an image: refused like a cover (415), nothing saved.
    const bad = await admin.upload(
      'POST',
      '/api/admin/posts',
      form(input(), [{ field: 'socialImage', bytes: Buffer.from('<svg></svg>'), name: 'x.png' }]),
    );
    expect(bad.status).toBe(415);
  });

  it('keeps the fields in revisions, so restoring an older revision brings them back', async () => {
    const post = await create(input({ metaTitle: 'Pierwszy tytuł SEO', metaDescription: 'Pierwszy opis' }));
    const edited = (await (
      await update(post, { metaTitle: 'Drugi tytuł SEO', metaDescription: null })
    ).json()) as AdminPost;
    const list = (await (
      await admin.call('GET', `/api/admin/posts/${post.id}/revisions`)
    ).json()) as PostRevisionSummary[];
    const first = list[list.length - 1]!;
    const revision = await (
      await admin.call('GET', `/api/admin/posts/${post.id}/revisions/${first.id}`)
    ).json();
    expect(revision).toMatchObject({ metaTitle: 'Pierwszy tytuł SEO', metaDescription: 'Pierwszy opis' });
    const restored = await admin.call('POST', `/api/admin/posts/${post.id}/revisions/${first.id}/restore`, {
      version: edited.version,
    });
    expect(restored.status).toBe(200);
    expect(await restored.json()).toMatchObject({
      metaTitle: 'Pierwszy tytuł SEO',
      metaDescription: 'Pierwszy opis',
    });
  });
});

describe('the SEO fields in what readers and crawlers get', () => {
  it('puts them in the title, meta tags and JSON-LD; quotes and </script> stay text', async () => {
    const metaTitle = `Tytuł "SEO" </script><script>alert(1)</script> ${uniqueSuffix()}`.slice(0, 70);
    const metaDescription = 'Opis z „cudzysłowem”, "apostrofem\' & </script><img src=x onerror=alert(1)>';
    const post = await create(
      input({ metaTitle, metaDescription, socialImageUrl: 'https://example.com/a.png?x="1"' }),
    );
    const page = await head(post.slug);
    // Attributes escaped: no quote ends one early, no tag opens.
    expect(page.description).toBe(
      'Opis z „cudzysłowem”, &quot;apostrofem&#39; &amp; &lt;/script&gt;&lt;img src=x onerror=alert(1)&gt;',
    );
    expect(page.ogDescription).toBe(page.description);
    expect(page.ogTitle).toBe(
      metaTitle.replace(/&/g, '&amp;').replace(/"/g, '&quot;').replace(/</g, '&lt;').replace(/>/g, '&gt;'),
    );
    expect(page.title).toContain('Tytuł &quot;SEO&quot; &lt;/script&gt;');
    expect(page.ogImage).toBe('https://example.com/a.png?x=&quot;1&quot;');
    expect(page.html).not.toContain('<script>alert(1)');
    expect(page.html).not.toContain('<img src=x');
    // JSON-LD parses back to exactly the text (the one script element was not cut short).
    expect(page.jsonLd).toMatchObject({
      headline: metaTitle,
      description: metaDescription,
      image: ['https://example.com/a.png?x="1"'],
    });
  });

  it('changes the served article when only the SEO fields change (the public cache follows)', async () => {
    const post = await create(input());
    expect((await head(post.slug)).description).toBe('Zajawka wpisu');
    const res = await update(post, { metaDescription: 'Nowy opis do wyszukiwarki' });
    expect(res.status).toBe(200);
    expect((await head(post.slug)).description).toBe('Nowy opis do wyszukiwarki');
  });

  it('gives the public article its SEO title, and the feeds its description and image', async () => {
    const category = await buildCategory();
    const post = await create(
      input({
        categories: [category.id],
        metaTitle: 'Tytuł na kartę',
        metaDescription: 'Opis w kanale <b>RSS</b> & więcej',
        socialImageUrl: 'https://example.com/karta.png',
      }),
    );
    const detail = await api.fetch(`/api/posts/${post.slug}`);
    expect(await detail.json()).toMatchObject({ title: post.title, metaTitle: 'Tytuł na kartę' });

    const xml = await (await api.fetch(`/rss/category/${category.id}.xml`)).text();
    const item = /<item>([\s\S]*?)<\/item>/.exec(xml)![1]!;
    // The item keeps the article's title; its text and image are the panel's.
    expect(item).toContain(`<title>${post.title}</title>`);
    expect(item).toContain('<description>Opis w kanale &lt;b&gt;RSS&lt;/b&gt; &amp; więcej</description>');
    expect(item).toContain('<media:content url="https://example.com/karta.png" medium="image" />');
    expect(xml).toContain('xmlns:media="http://search.yahoo.com/mrss/"');
  });
});
