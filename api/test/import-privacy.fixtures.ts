// Exports that hold posts their blogs kept from the public, one per source format, and what an
// import must make of each. Formats: WXR 1.2 as WordPress 6.5 writes it (github.com/WordPress/
// wordpress-importer, parsers/class-wxr-parser-simplexml.php: `wp:status`, `wp:post_password`,
// `wp:post_date_gmt`); a Ghost 5 export (docs.ghost.org/migration/custom; posts.status `published`,
// `draft`, `scheduled`, posts.visibility `public`, `members`, `paid`, `tiers`, as in
// github.com/TryGhost/Ghost ghost/core/core/server/data/schema/schema.js); this blog's own export
// (docs/transfer-document.schema.json).

/** Next year's 15 June, 08:00 UTC: always ahead and within 10 years (10:00 in Warsaw, summer time). */
const aheadYear = new Date().getUTCFullYear() + 1;
const AHEAD = { wxr: `${aheadYear}-06-15 08:00:00`, iso: `${aheadYear}-06-15T08:00:00.000Z` };
export const AHEAD_SHOWN = `15.06.${aheadYear} 10:00`;

/** Every post below carries it in its title and body: the search for it finds the public ones only. */
export const SEARCH_WORD = 'ukrytywpis';
/** Only the withheld posts (and their comment) carry it: no page a visitor reads may show it. */
export const SECRET = 'SEKRET';

/** What the import must make of a post: its slug here, its state, its reason in the report. */
export interface WithheldCase {
  source: 'wordpress' | 'ghost' | 'blog';
  sourceId: string;
  title: string;
  slug: string;
  state: 'draft' | 'scheduled';
  reason: string;
}

export const WITHHELD: WithheldCase[] = [
  ['wordpress', '101', 'wp-haslo', 'draft', 'Wpis chroniony hasłem w WordPressie — zaimportowany jako szkic'],
  ['wordpress', '102', 'wp-prywatny', 'draft', 'Wpis prywatny w WordPressie — zaimportowany jako szkic'],
  [
    'wordpress',
    '103',
    'wp-oczekujacy',
    'draft',
    'Wpis oczekujący na przegląd w WordPressie — zaimportowany jako szkic',
  ],
  ['wordpress', '104', 'wp-szkic', 'draft', 'Szkic w WordPressie — zaimportowany jako szkic'],
  [
    'wordpress',
    '105',
    'wp-zaplanowany',
    'scheduled',
    `Wpis zaplanowany w WordPressie na ${AHEAD_SHOWN} — zaimportowany jako zaplanowany`,
  ],
  [
    'wordpress',
    '106',
    'wp-zaplanowany-minal',
    'draft',
    'Wpis zaplanowany w WordPressie na 01.03.2024 11:00, ale ta data już minęła — zaimportowany jako szkic',
  ],
  [
    'wordpress',
    '107',
    'wp-rok-9999',
    'draft',
    'Wpis opublikowany z datą 31.12.9999 11:00, ponad 10 lat naprzód — zaimportowany jako szkic',
  ],
  ['wordpress', '108', 'wp-bez-daty', 'draft', 'Wpis opublikowany bez daty — zaimportowany jako szkic'],
  [
    'wordpress',
    '109',
    'wp-rok-1950',
    'draft',
    'Wpis opublikowany z datą 01.03.1950 11:00, sprzed 1970 roku — zaimportowany jako szkic',
  ],
  [
    'ghost',
    'g-czlonkowie',
    'ghost-czlonkowie',
    'draft',
    'Wpis tylko dla członków w Ghoście — zaimportowany jako szkic',
  ],
  [
    'ghost',
    'g-platny',
    'ghost-platny',
    'draft',
    'Wpis tylko dla płacących subskrybentów w Ghoście — zaimportowany jako szkic',
  ],
  [
    'ghost',
    'g-plany',
    'ghost-plany',
    'draft',
    'Wpis tylko dla wybranych planów subskrypcji w Ghoście — zaimportowany jako szkic',
  ],
  [
    'ghost',
    'g-vip',
    'ghost-vip',
    'draft',
    'Wpis o nieznanej widoczności „vip” w Ghoście — zaimportowany jako szkic',
  ],
  // Planned, but for members only: the less public of the two.
  [
    'ghost',
    'g-czlonkowie-plan',
    'ghost-czlonkowie-plan',
    'draft',
    'Wpis tylko dla członków w Ghoście — zaimportowany jako szkic',
  ],
  [
    'ghost',
    'g-zaplanowany',
    'ghost-zaplanowany',
    'scheduled',
    `Wpis zaplanowany w Ghoście na ${AHEAD_SHOWN} — zaimportowany jako zaplanowany`,
  ],
  ['ghost', 'g-szkic', 'ghost-szkic', 'draft', 'Szkic w Ghoście — zaimportowany jako szkic'],
  ['blog', 'b-szkic', 'blog-szkic', 'draft', 'Szkic w eksporcie bloga — zaimportowany jako szkic'],
  [
    'blog',
    'b-zaplanowany',
    'blog-zaplanowany',
    'scheduled',
    `Wpis zaplanowany w eksporcie bloga na ${AHEAD_SHOWN} — zaimportowany jako zaplanowany`,
  ],
  [
    'blog',
    'b-zaplanowany-minal',
    'blog-zaplanowany-minal',
    'draft',
    'Wpis zaplanowany w eksporcie bloga na 01.03.2024 11:00, ale ta data już minęła — zaimportowany jako szkic',
  ],
  [
    'blog',
    'b-sprzeczny',
    'blog-sprzeczny',
    'draft',
    'Wpis w pliku jest zarazem opublikowany i zaplanowany — zaimportowany jako szkic',
  ],
].map(([source, sourceId, slug, state, reason]) => ({
  source: source as WithheldCase['source'],
  sourceId: sourceId!,
  title: `${SEARCH_WORD} ${slug}`,
  slug: slug!,
  state: state as WithheldCase['state'],
  reason: reason!,
}));

/** One public post per file, in the same category and tag: proof that each place looked at shows posts. */
export const PUBLIC_SLUGS = ['wp-jawny', 'ghost-jawny', 'blog-jawny'];
export const CATEGORY = 'Prywatność';
export const TAG = 'sekrety';
/** The approved comment of the password-protected post. */
export const COMMENT = `Komentarz pod wpisem z hasłem ${SECRET}-komentarz`;

const body = (slug: string) =>
  WITHHELD.some((post) => post.slug === slug)
    ? `<p>Treść ${SECRET}-${slug} ${SEARCH_WORD}.</p>`
    : `<p>Treść jawna ${SEARCH_WORD}.</p>`;
const titleOf = (slug: string) => `${SEARCH_WORD} ${slug}`;

function wxrItem(id: string, slug: string, status: string, date: string, extra = '', password = ''): string {
  return `
<item>
  <title>${titleOf(slug)}</title>
  <dc:creator><![CDATA[anna]]></dc:creator>
  <content:encoded><![CDATA[${body(slug)}]]></content:encoded>
  <excerpt:encoded><![CDATA[]]></excerpt:encoded>
  <wp:post_id>${id}</wp:post_id>
  <wp:post_date><![CDATA[${date}]]></wp:post_date>
  <wp:post_date_gmt><![CDATA[${date}]]></wp:post_date_gmt>
  <wp:post_modified_gmt><![CDATA[${date}]]></wp:post_modified_gmt>
  <wp:post_name><![CDATA[${slug}]]></wp:post_name>
  <wp:status><![CDATA[${status}]]></wp:status>
  <wp:post_type><![CDATA[post]]></wp:post_type>
  <wp:post_password><![CDATA[${password}]]></wp:post_password>
  <category domain="category" nicename="prywatnosc"><![CDATA[${CATEGORY}]]></category>
  <category domain="post_tag" nicename="sekrety"><![CDATA[${TAG}]]></category>${extra}
</item>`;
}

const approvedComment = `
  <wp:comment>
    <wp:comment_id>501</wp:comment_id>
    <wp:comment_author><![CDATA[Marta]]></wp:comment_author>
    <wp:comment_author_email><![CDATA[marta@example.pl]]></wp:comment_author_email>
    <wp:comment_date_gmt><![CDATA[2024-05-02 10:00:00]]></wp:comment_date_gmt>
    <wp:comment_content><![CDATA[${COMMENT}]]></wp:comment_content>
    <wp:comment_approved><![CDATA[1]]></wp:comment_approved>
    <wp:comment_type><![CDATA[comment]]></wp:comment_type>
  </wp:comment>`;

export const PRIVACY_WXR = `<?xml version="1.0" encoding="UTF-8" ?>
<rss version="2.0" xmlns:excerpt="http://wordpress.org/export/1.2/excerpt/" xmlns:content="http://purl.org/rss/1.0/modules/content/" xmlns:dc="http://purl.org/dc/elements/1.1/" xmlns:wp="http://wordpress.org/export/1.2/">
<channel>
  <title>Stary blog</title>
  <link>https://prywatny.example.pl</link>
  <wp:wxr_version>1.2</wp:wxr_version>
  <wp:base_site_url>https://prywatny.example.pl</wp:base_site_url>
  <wp:author><wp:author_login><![CDATA[anna]]></wp:author_login><wp:author_email><![CDATA[anna@prywatny.example.pl]]></wp:author_email><wp:author_display_name><![CDATA[Anna]]></wp:author_display_name></wp:author>
  ${wxrItem('101', 'wp-haslo', 'publish', '2024-05-01 10:00:00', approvedComment, 'tajne-haslo')}
  ${wxrItem('102', 'wp-prywatny', 'private', '2024-05-02 10:00:00')}
  ${wxrItem('103', 'wp-oczekujacy', 'pending', '2024-05-03 10:00:00')}
  ${wxrItem('104', 'wp-szkic', 'draft', '2024-05-04 10:00:00')}
  ${wxrItem('105', 'wp-zaplanowany', 'future', AHEAD.wxr)}
  ${wxrItem('106', 'wp-zaplanowany-minal', 'future', '2024-03-01 10:00:00')}
  ${wxrItem('107', 'wp-rok-9999', 'publish', '9999-12-31 10:00:00')}
  ${wxrItem('108', 'wp-bez-daty', 'publish', '0000-00-00 00:00:00')}
  ${wxrItem('109', 'wp-rok-1950', 'publish', '1950-03-01 10:00:00')}
  ${wxrItem('110', 'wp-jawny', 'publish', '2024-05-10 10:00:00')}
</channel>
</rss>`;

function ghostPost(
  uuid: string,
  slug: string,
  status: string,
  visibility: string,
  publishedAt: string | null,
) {
  return {
    id: `id-${uuid}`,
    uuid,
    title: titleOf(slug),
    slug,
    html: body(slug),
    status,
    visibility,
    type: 'post',
    published_at: publishedAt,
    created_at: '2024-04-01T10:00:00.000Z',
    updated_at: '2024-04-01T10:00:00.000Z',
  };
}

const ghostPosts = [
  ghostPost('g-czlonkowie', 'ghost-czlonkowie', 'published', 'members', '2024-05-01T10:00:00.000Z'),
  ghostPost('g-platny', 'ghost-platny', 'published', 'paid', '2024-05-02T10:00:00.000Z'),
  ghostPost('g-plany', 'ghost-plany', 'published', 'tiers', '2024-05-03T10:00:00.000Z'),
  ghostPost('g-vip', 'ghost-vip', 'published', 'vip', '2024-05-04T10:00:00.000Z'),
  ghostPost('g-czlonkowie-plan', 'ghost-czlonkowie-plan', 'scheduled', 'members', AHEAD.iso),
  ghostPost('g-zaplanowany', 'ghost-zaplanowany', 'scheduled', 'public', AHEAD.iso),
  ghostPost('g-szkic', 'ghost-szkic', 'draft', 'public', null),
  ghostPost('g-jawny', 'ghost-jawny', 'published', 'public', '2024-05-10T10:00:00.000Z'),
];

export const PRIVACY_GHOST = JSON.stringify({
  db: [
    {
      meta: { exported_on: 1717236000000, version: '5.82.2' },
      data: {
        posts: ghostPosts,
        tags: [{ id: 't1', name: CATEGORY, slug: 'prywatnosc', visibility: 'public' }],
        posts_tags: ghostPosts.map((post, index) => ({
          id: `pt${index}`,
          post_id: post.id,
          tag_id: 't1',
          sort_order: 0,
        })),
        users: [],
        posts_authors: [],
      },
    },
  ],
});

function blogPost(
  sourceId: string,
  slug: string,
  published: boolean,
  scheduledAt: string | null,
  publishedAt: string | null = null,
) {
  return {
    sourceId,
    title: titleOf(slug),
    slug,
    html: body(slug),
    excerpt: null,
    published,
    publishedAt,
    scheduledAt,
    createdAt: '2024-04-01T10:00:00.000Z',
    updatedAt: '2024-04-01T10:00:00.000Z',
    authorSourceId: null,
    categorySourceIds: ['c1'],
    tagSourceIds: ['t1'],
    coverImage: null,
  };
}

export const PRIVACY_BLOG = JSON.stringify({
  format: 'blog-transfer',
  version: 1,
  source: { kind: 'blog', site: 'https://inny-blog.example.pl' },
  exportedAt: null,
  authors: [],
  categories: [{ sourceId: 'c1', name: CATEGORY }],
  tags: [{ sourceId: 't1', name: TAG }],
  posts: [
    blogPost('b-szkic', 'blog-szkic', false, null),
    blogPost('b-zaplanowany', 'blog-zaplanowany', false, AHEAD.iso),
    blogPost('b-zaplanowany-minal', 'blog-zaplanowany-minal', false, '2024-03-01T10:00:00.000Z'),
    blogPost('b-sprzeczny', 'blog-sprzeczny', true, AHEAD.iso, '2024-04-01T10:00:00.000Z'),
    blogPost('b-jawny', 'blog-jawny', true, null, '2024-05-10T10:00:00.000Z'),
  ],
  comments: [],
});

/** The withheld cases of one source, in the file's order (the report's order). */
export const withheldOf = (source: WithheldCase['source']) =>
  WITHHELD.filter((post) => post.source === source);
