// Importing a WordPress WXR export and a Ghost JSON export into an empty blog: everything appears on
// the public side as it was (titles, slugs, dates, sanitized HTML, images with their web widths),
// nobody is e-mailed, and importing the same file again changes nothing.
//
// The fixtures are written in the exact formats the products produce:
// - api/test/import-files/wordpress-export.xml: WXR 1.2 as WordPress 6.5 writes it (Narzędzia → Eksport); format
//   per the WordPress Importer's parsers (github.com/WordPress/wordpress-importer, parsers/
//   class-wxr-parser-simplexml.php) and developer.wordpress.org/advanced-administration/wordpress/import/;
//   the SEO fields as Yoast SEO stores them, postmeta `_yoast_wpseo_title` / `_yoast_wpseo_metadesc`
//   (github.com/Yoast/wordpress-seo, WPSEO_Meta: prefix `_yoast_wpseo_`, fields `title`, `metadesc`),
//   which may hold Yoast's `%%variables%%`.
// - api/test/import-files/ghost-export.json: a Ghost 5 export (Settings → Labs → Export); format per
//   docs.ghost.org/migration/custom ("JSON file structure": {db: [{meta, data}]}, tables posts,
//   tags, posts_tags, users, posts_authors), plus Ghost 4+'s `posts_meta` table (one row per
//   post_id: meta_title, meta_description, og_*, twitter_*; github.com/TryGhost/Ghost,
//   ghost/core/core/server/data/schema/schema.js), exported beside `posts`.
import type { PostDetail } from '@blog/shared';
import { imageSrcset, INLINE_IMAGE_SIZES, parseUploadedImage } from '@blog/shared/rules';
import { QueryTypes } from 'sequelize';
import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import {
  api,
  blogState,
  fixture,
  ghostUploads,
  importFile,
  useEmptyBlog,
  wordpressUploads,
} from '../../../test/import.fixtures.ts';

useEmptyBlog();

async function publicPost(slug: string): Promise<PostDetail> {
  const res = await api.fetch(`/api/posts/${slug}`);
  expect(res.status, slug).toBe(200);
  return (await res.json()) as PostDetail;
}

async function outboxTypes(): Promise<string[]> {
  const rows = await api.runtime.sequelize.query<{ type: string }>('SELECT type FROM outbox_events', {
    type: QueryTypes.SELECT,
  });
  return rows.map((row) => row.type);
}

/** The SEO panel's fields of an imported post, as stored. */
async function seoOf(slug: string) {
  const [row] = await api.runtime.sequelize.query<{
    meta_title: string | null;
    meta_description: string | null;
    social_image_url: string | null;
  }>('SELECT meta_title, meta_description, social_image_url FROM posts WHERE slug = :slug', {
    replacements: { slug },
    type: QueryTypes.SELECT,
  });
  expect(row, slug).toBeDefined();
  return row;
}

/** The image of an imported post is served, is WebP, and has every web width below its own. */
async function expectServedImage(imageUrl: string | null, width: number) {
  const image = parseUploadedImage(imageUrl);
  expect(image, String(imageUrl)).toMatchObject({ width });
  expect(imageSrcset(imageUrl)).toContain('480w');
  for (const part of imageSrcset(imageUrl)!.split(', ')) {
    const [src, w] = part.split(' ');
    const res = await api.fetch(src!);
    expect(res.status).toBe(200);
    const meta = await sharp(Buffer.from(await res.arrayBuffer())).metadata();
    expect(meta).toMatchObject({ format: 'webp', width: Number.parseInt(w!, 10) });
  }
}

describe('import of a WordPress export (WXR)', () => {
  it('brings posts, authors, categories, tags, approved comments and images, without a single e-mail', async () => {
    const report = await importFile(await fixture('wordpress-export.xml'), { uploadsDir: wordpressUploads });
    expect(report.created).toEqual({ posts: 3, authors: 2, categories: 2, tags: 2, comments: 1, images: 2 });
    expect(report.skipped).toEqual(
      expect.arrayContaining([
        expect.objectContaining({
          kind: 'post',
          sourceId: '13',
          reason: 'Typ „page” (tylko wpisy są importowane).',
        }),
        expect.objectContaining({ kind: 'comment', sourceId: '22', reason: 'Komentarz niezatwierdzony.' }),
        expect.objectContaining({ kind: 'comment', sourceId: '23', reason: 'Komentarz typu „pingback”.' }),
      ]),
    );
    expect(report.sanitized.map((post) => post.sourceId).sort()).toEqual(['11', '12', '14']);

    // Published, with its date, author, category, tags, cover and inline image, script gone.
    const tatry = await publicPost('wyprawa-w-tatry');
    expect(tatry).toMatchObject({
      title: 'Wyprawa w Tatry',
      excerpt: 'Relacja z wyjścia na Giewont.',
      createdAt: '2024-05-13T08:30:00.000Z',
      updatedAt: '2024-05-14T07:00:00.000Z',
      author: { username: 'anna', displayName: 'Anna Kowalska', role: 'publisher' },
      categories: [expect.objectContaining({ name: 'Podróże' })],
    });
    expect(tatry.tags.sort()).toEqual(['Góry', 'Zima']);
    await expectServedImage(tatry.imageUrl, 1200);
    const stored = parseUploadedImage(tatry.imageUrl)!;
    expect(tatry.content).toBe(
      '<p>Wyszliśmy o <strong>świcie</strong> z Kuźnic.</p>\n' +
        // As the editor writes an uploaded image: its own address, every width in the srcset.
        `<p><img src="/api/images/${stored.id}-1200w.webp" srcset="${imageSrcset(tatry.imageUrl)}" sizes="${INLINE_IMAGE_SIZES}" alt="Giewont o świcie" width="1200" height="800"></p>\n` +
        '<p>Na szczycie było <em>zimno</em>, ale warto.<br>Zejście zajęło trzy godziny.</p>',
    );
    expect(tatry.comments).toEqual([
      expect.objectContaining({
        author: 'Marta',
        content: 'Piękne zdjęcia!\nTeż tam byłam & wrócę.',
        createdAt: '2024-05-14T10:00:00.000Z',
      }),
    ]);

    // The percent-encoded Polish slug becomes this blog's spelling; the javascript: link is inert.
    const pangram = await publicPost('zazolc-gesla-jazn');
    expect(pangram.content).toBe(
      '<h2>Polskie znaki</h2>\n<p>Każdy <a target="_blank" rel="noopener noreferrer" href="https://pl.wikipedia.org/wiki/Pangram">pangram</a> ma swoje <a target="_blank" rel="noopener noreferrer">tajemnice</a>.</p>',
    );
    expect(pangram.author).toMatchObject({ username: 'piotr', displayName: 'Piotr Nowak' });

    // The draft is not public; it is in the blog, with its image from the data: URL, iframe gone.
    expect((await api.fetch('/api/posts/przepis-na-pierogi')).status).toBe(404);
    const [draft] = await api.runtime.sequelize.query<{
      published: boolean;
      content: string;
      created_at: Date;
    }>("SELECT published, content, created_at FROM posts WHERE slug = 'przepis-na-pierogi'", {
      type: QueryTypes.SELECT,
    });
    expect(draft).toMatchObject({ published: false, created_at: new Date('2024-05-20T18:45:00Z') });
    expect(draft!.content).toMatch(
      /^<p>Ciasto: mąka, woda, szczypta soli\.<\/p>\n<figure><img src="\/api\/images\/([a-f0-9]{32})-40w\.webp" srcset="\/api\/images\/\1-40w\.webp 40w" sizes="\(min-width: 62em\) 896px, 100vw" alt="Pierogi"><\/figure>$/,
    );

    // Authors are inactive publishers without a password: nobody signs in to them, and a reset
    // request for their address sends nothing, until an admin activates them (import-accounts.test.ts).
    const authors = await api.runtime.sequelize.query<{
      username: string;
      role: string;
      password_hash: string;
      is_active: boolean;
    }>(
      "SELECT username, role, password_hash, is_active FROM users WHERE username IN ('anna', 'piotr') ORDER BY 1",
      { type: QueryTypes.SELECT },
    );
    expect(authors).toEqual([
      { username: 'anna', role: 'publisher', password_hash: '!unusable', is_active: false },
      { username: 'piotr', role: 'publisher', password_hash: '!unusable', is_active: false },
    ]);
    const reset = await api.send('POST', '/api/password-reset/request', {
      email: 'anna@stary-blog.example.pl',
    });
    expect(reset.status).toBe(202);
    expect(await outboxTypes()).not.toContain('password-reset.requested');
    expect(report.accounts.map((account) => [account.username, account.outcome, account.state])).toEqual([
      ['anna', 'created', 'inactive'],
      ['piotr', 'created', 'inactive'],
    ]);

    // Yoast's plain-text title and description come in; a title made of Yoast variables stays empty.
    expect(await seoOf('wyprawa-w-tatry')).toEqual({
      meta_title: 'Giewont zimą – relacja z wyprawy',
      meta_description: 'Wyjście z Kuźnic na Giewont o świcie: trasa, czas i warunki.',
      social_image_url: null,
    });
    expect(await seoOf('przepis-na-pierogi')).toEqual({
      meta_title: null,
      meta_description: 'Ciasto i farsz krok po kroku.',
      social_image_url: null,
    });

    // No post.published event: no notification, no newsletter for imported posts.
    expect((await outboxTypes()).filter((type) => type === 'post.published')).toEqual([]);
  });

  it('changes nothing when the same file is imported again', async () => {
    const before = await blogState();
    const report = await importFile(await fixture('wordpress-export.xml'), { uploadsDir: wordpressUploads });
    expect(report.created).toEqual({ posts: 0, authors: 0, categories: 0, tags: 0, comments: 0, images: 0 });
    expect(report.unchanged).toMatchObject({ posts: 3, authors: 2, comments: 1 });
    expect(await blogState()).toEqual(before);
  });
});

describe('import of a Ghost export (JSON)', () => {
  it('brings posts with their html, tags as categories, authors and the feature image', async () => {
    const report = await importFile(await fixture('ghost-export.json'), { uploadsDir: ghostUploads });
    expect(report.created).toEqual({ posts: 2, authors: 2, categories: 2, tags: 0, comments: 0, images: 1 });
    expect(report.skipped).toEqual([
      expect.objectContaining({
        kind: 'post',
        title: 'Kontakt',
        reason: 'Typ „page” (tylko wpisy są importowane).',
      }),
      // The draft's og_image is not in the uploads folder: left out and reported, like a feature image.
      {
        kind: 'image',
        sourceId: '__GHOST_URL__/content/images/2024/06/zagle-og.png',
        title: 'Szkic: lista rzeczy na żagle',
        reason: 'Obrazu nie ma w pliku ani w podanym folderze uploads (obrazów nie pobieramy z sieci).',
      },
    ]);
    const sea = await publicPost('nad-morzem-w-czerwcu');
    expect(sea).toMatchObject({
      title: 'Nad morzem w czerwcu',
      excerpt: 'Tydzień w Łebie.',
      createdAt: '2024-06-01T10:00:00.000Z',
      updatedAt: '2024-06-02T09:30:00.000Z',
      author: { username: 'ewa', displayName: 'Ewa Zielińska' },
      // The internal #tag is Ghost's own and stays behind.
      categories: [expect.objectContaining({ name: 'Morze' })],
    });
    await expectServedImage(sea.imageUrl, 1000);
    const image = parseUploadedImage(sea.imageUrl)!;
    expect(sea.content).toBe(
      `<p>Bałtyk był <strong>zimny</strong>, ale słońce dopisało.</p><figure><img src="/api/images/${image.id}-1000w.webp" srcset="${imageSrcset(sea.imageUrl)}" sizes="${INLINE_IMAGE_SIZES}" alt="Plaża w Łebie" width="1000" height="700"></figure><p>Wrócimy za rok.</p>`,
    );
    // posts_meta: meta_title, else og_title; meta_description, else og_/twitter_description; og_image
    // is the same upload as the feature image (stored once).
    expect(await seoOf('nad-morzem-w-czerwcu')).toEqual({
      meta_title: 'Nad morzem w czerwcu — tydzień w Łebie',
      meta_description: 'Bałtyk, wydmy i słońce.',
      social_image_url: sea.imageUrl,
    });
    expect(await seoOf('szkic-lista-rzeczy-na-zagle')).toEqual({
      meta_title: null,
      meta_description: 'Co zabrać na rejs.',
      social_image_url: null,
    });
    expect((await api.fetch('/api/posts/szkic-lista-rzeczy-na-zagle')).status).toBe(404);
    expect((await outboxTypes()).filter((type) => type === 'post.published')).toEqual([]);

    const before = await blogState();
    const again = await importFile(await fixture('ghost-export.json'), { uploadsDir: ghostUploads });
    expect(again.created.posts + again.created.images + again.created.authors).toBe(0);
    expect(await blogState()).toEqual(before);
  });

  it('can take the tags as tags; posts without a category go to „Bez kategorii”', async () => {
    const json = JSON.parse((await fixture('ghost-export.json')).toString()) as {
      db: { data: { posts: Record<string, unknown>[]; posts_meta?: unknown[] } }[];
    };
    // Another Ghost blog's post with its own ids and a clashing slug, from a Ghost 3 export: no
    // posts_meta table, the SEO columns are on the post.
    const post = json.db[0]!.data.posts[0]!;
    post.uuid = 'a7a7a7a7-0000-4000-8000-000000000001';
    delete json.db[0]!.data.posts_meta;
    Object.assign(post, { meta_title: 'Łeba', meta_description: null, og_image: null });
    const report = await importFile(Buffer.from(JSON.stringify(json)), { ghostTagsAs: 'tags' });
    expect(report.renamedSlugs).toEqual([
      { sourceId: post.uuid, from: 'nad-morzem-w-czerwcu', to: 'nad-morzem-w-czerwcu-2' },
    ]);
    // No folder given: the image is reported, not fetched.
    expect(report.skipped).toEqual(
      expect.arrayContaining([
        expect.objectContaining({
          kind: 'image',
          reason:
            'Obraz jest tylko pod adresem w sieci, a nie podano folderu uploads (obrazów nie pobieramy z sieci).',
        }),
      ]),
    );
    const renamed = await publicPost('nad-morzem-w-czerwcu-2');
    expect(renamed.tags).toEqual(['Morze']);
    expect(renamed.categories).toEqual([expect.objectContaining({ name: 'Bez kategorii' })]);
    expect(renamed.imageUrl).toBeNull();
    expect(await seoOf('nad-morzem-w-czerwcu-2')).toEqual({
      meta_title: 'Łeba',
      meta_description: null,
      social_image_url: null,
    });
  });
});

describe('import of block-editor cards', () => {
  const item = (id: string, type: string, content: string, extra = '') =>
    `<item><title><![CDATA[Wpis ${id}]]></title><dc:creator><![CDATA[anna]]></dc:creator><content:encoded><![CDATA[${content}]]></content:encoded><excerpt:encoded><![CDATA[${type === 'attachment' ? `Podpis ${id}` : ''}]]></excerpt:encoded><wp:post_id>${id}</wp:post_id><wp:post_date_gmt><![CDATA[2024-05-01 10:00:00]]></wp:post_date_gmt><wp:post_name><![CDATA[karty-${id}]]></wp:post_name><wp:status><![CDATA[${type === 'attachment' ? 'inherit' : 'publish'}]]></wp:status><wp:post_parent>0</wp:post_parent><wp:post_type><![CDATA[${type}]]></wp:post_type>${extra}</item>`;
  const wxr = [
    '<?xml version="1.0" encoding="UTF-8" ?><rss version="2.0" xmlns:excerpt="http://wordpress.org/export/1.2/excerpt/" xmlns:content="http://purl.org/rss/1.0/modules/content/" xmlns:dc="http://purl.org/dc/elements/1.1/" xmlns:wp="http://wordpress.org/export/1.2/"><channel><title>Karty</title><wp:wxr_version>1.2</wp:wxr_version><wp:base_site_url>https://karty.example.pl</wp:base_site_url>',
    '<wp:author><wp:author_login><![CDATA[anna]]></wp:author_login><wp:author_email><![CDATA[anna@karty.example.pl]]></wp:author_email></wp:author>',
    item(
      '11',
      'attachment',
      '',
      '<wp:attachment_url><![CDATA[https://karty.example.pl/a.jpg]]></wp:attachment_url>',
    ),
    item(
      '12',
      'attachment',
      '',
      '<wp:attachment_url><![CDATA[https://karty.example.pl/b.jpg]]></wp:attachment_url>',
    ),
    item(
      '20',
      'post',
      [
        '<!-- wp:paragraph --><p>Wstęp.</p><!-- /wp:paragraph -->',
        '<!-- wp:table --><figure class="wp-block-table"><table><thead><tr><th>A</th></tr></thead><tbody><tr><td>1</td></tr></tbody></table></figure><!-- /wp:table -->',
        '<!-- wp:embed {"url":"https://www.youtube.com/watch?v=dQw4w9WgXcQ"} --><figure class="wp-block-embed is-provider-youtube"><div class="wp-block-embed__wrapper">\nhttps://www.youtube.com/watch?v=dQw4w9WgXcQ\n</div></figure><!-- /wp:embed -->',
        '[gallery ids="11,12"]',
        '<!-- wp:video --><figure class="wp-block-video"><video src="https://karty.example.pl/film.mp4"></video></figure><!-- /wp:video -->',
        '<iframe src="https://mapy.example/x"></iframe>',
      ].join('\n\n'),
    ),
    '</channel></rss>',
  ].join('\n');

  it('stores the cards, lists what it could not keep, and a second import changes nothing', async () => {
    const report = await importFile(Buffer.from(wxr));
    expect(report.created.posts).toBe(1);
    const post = await publicPost('karty-20');
    expect(post.content).toContain(
      '<table><tbody><tr><th><p>A</p></th></tr><tr><td><p>1</p></td></tr></tbody></table>',
    );
    expect(post.content).toContain('<div class="embed-card" data-provider="youtube">');
    expect(post.content).toMatch(
      /<div class="gallery-card"><figure><img src="[^"]+"><figcaption>Podpis 11<\/figcaption><\/figure><figure><img src="[^"]+"><figcaption>Podpis 12<\/figcaption><\/figure><\/div>/,
    );
    expect(report.losses).toEqual([
      expect.objectContaining({
        sourceId: '20',
        lost: [
          { kind: 'element', name: 'iframe', count: 1 },
          { kind: 'element', name: 'wideo jako link', count: 1 },
        ],
      }),
    ]);
    const before = await blogState();
    const again = await importFile(Buffer.from(wxr));
    expect(again.created.posts).toBe(0);
    expect(await blogState()).toEqual(before);
    expect((await publicPost('karty-20')).content).toBe(post.content);
  });
});
