// Names of an import follow the forms' rules (@blog/shared/rules, names.ts): normalized first, so a
// name written NFD, with a no-break or zero-width space, is the category, tag or author the blog has;
// then made one line; a tag of dots only or a name of nothing visible is left out and reported. One
// hostile file per format, over HTTP as the panel does it; then the public pages, the sitemap and the
// admin lists as readers and the admin get them.
import type pg from 'pg';
import { beforeAll, describe, expect, it } from 'vitest';
import type { TestBrowser } from '../../../test/browser.ts';
import { signedInAs } from '../../../test/signed-in.ts';
import { queryDatabase } from '../../../test/sql.ts';
import { api, database, importFile, importOverHttp, useEmptyBlog } from '../../../test/import.fixtures.ts';
import { ANA, authorWxr, HOSTILE_WXR, NFD_ANA } from '../../../test/import-names.fixtures.ts';
import { TERM_DROPPED } from './importer.service.ts';

useEmptyBlog();

let admin: TestBrowser;
beforeAll(async () => {
  admin = await signedInAs(api, 'admin');
  // What the blog already has, spelled NFC as the forms store it.
  await sql(`INSERT INTO categories (name) VALUES ($1)`, [ANA]);
  await sql(`INSERT INTO tags (name) VALUES ($1), ('wyścig')`, [ANA]);
  await sql(
    `INSERT INTO users (username, email, password_hash, role) VALUES ('istniejaca', 'ana@example.com', 'x', 'publisher')`,
  );
});

const sql = <T extends pg.QueryResultRow>(text: string, values: unknown[] = []) =>
  queryDatabase<T>(database.url, text, values);

const namesOf = async (table: 'categories' | 'tags', like: string) =>
  (await sql<{ name: string }>(`SELECT name FROM ${table} WHERE name ILIKE $1 ORDER BY name`, [like])).map(
    (row) => row.name,
  );

/** The names of the post's tags and categories, as the public API shows them. */
async function termsOfPost(slug: string) {
  const res = await api.fetch(`/api/posts/${slug}`);
  expect(res.status, slug).toBe(200);
  const post = (await res.json()) as { tags: string[]; categories: { name: string }[] };
  return { tags: [...post.tags].sort(), categories: post.categories.map((c) => c.name).sort() };
}

describe('names of a WordPress import', () => {
  it('normalizes names into the existing ones, folds line breaks and reports the tags it leaves out', async () => {
    const job = await importOverHttp(admin, HOSTILE_WXR, 'wordpress.xml');
    expect(job.status, job.error ?? '').toBe('done');
    const result = job.result!;
    // Ąna (NFD) is the existing category and tag; the author with that e-mail is the existing account.
    expect(result.unchanged).toMatchObject({ categories: 1, tags: 2, authors: 1 });
    expect(result.created).toMatchObject({ categories: 1, tags: 3, authors: 1, posts: 2, comments: 2 });
    expect(result.skipped).toEqual([
      {
        kind: 'category',
        sourceId: 'niewidoczna',
        title: '\u200B\u2060',
        reason: TERM_DROPPED.category.empty,
      },
      { kind: 'tag', sourceId: 'kropka', title: '.', reason: TERM_DROPPED.tag.dots },
      { kind: 'tag', sourceId: 'kropki', title: '..', reason: TERM_DROPPED.tag.dots },
      { kind: 'tag', sourceId: 'pusty', title: '\u200B', reason: TERM_DROPPED.tag.empty },
    ]);

    expect(await termsOfPost('wrogi-wpis')).toEqual({
      tags: [ANA, 'Lato 2025', 'Tatry Zachodnie', 'wyścig', 'Zima 2024'].sort(),
      categories: [ANA, 'Góry i doliny'].sort(),
    });
    // Its only category was left out: the post lands where posts without one do.
    expect((await termsOfPost('tylko-niewidoczna')).categories).toEqual(['Bez kategorii']);
    expect(await namesOf('categories', '%na')).toEqual([ANA]);
    expect(await namesOf('tags', '%na')).toEqual([ANA]);
    expect(await namesOf('tags', 'wy%')).toEqual(['wyścig']);
    expect(await sql(`SELECT 1 FROM tags WHERE name ~ '^[. ]*$' OR name ~ '[\\x01-\\x1f\\u2028]'`)).toEqual(
      [],
    );

    const users = await sql<{ username: string; display_name: string | null }>(
      `SELECT username, display_name FROM users WHERE username LIKE 'Z%' OR username = 'istniejaca' ORDER BY id`,
    );
    expect(users).toEqual([
      { username: 'istniejaca', display_name: null },
      { username: 'Zósia-K', display_name: 'Zosia Nowakabc' },
    ]);
    const comments = await sql<{ author: string }>(
      `SELECT author FROM comments WHERE content IN ('Dobry wpis.', 'Krótko.') ORDER BY content`,
    );
    expect(comments.map((c) => c.author)).toEqual(['Jan Kowalski', 'Anonim']);

    // Nothing the readers' pages or the admin lists cannot show.
    expect((await api.fetch('/rss/tag/Zima%202024.xml')).status).toBe(200);
    expect(await (await api.fetch('/api/posts?tag=Zima%202024')).json()).toHaveLength(1);
    const sitemap = await (await api.fetch('/sitemap.xml')).text();
    expect(sitemap).toContain('/tag/Zima%202024<');
    expect(sitemap).not.toMatch(/\/tag\/\.+</);
    const tags = (await (await api.fetch('/api/tags')).json()) as { name: string }[];
    expect(tags.map((tag) => tag.name)).not.toContain('.');
    for (const pathname of ['/api/admin/posts', '/api/categories', '/api/admin/comments', '/api/admin/users'])
      expect((await admin.call('GET', pathname)).status, pathname).toBe(200);

    // The same file again: everything found, nothing new, the same names left out again.
    const again = await importOverHttp(admin, HOSTILE_WXR, 'wordpress.xml');
    expect(again.result!.created).toMatchObject({ categories: 0, tags: 0, authors: 0, posts: 0 });
    expect(again.result!.skipped).toHaveLength(4);
  });
});

describe('usernames of an import', () => {
  it('makes a taken login unique by a suffix without cutting a character in half', async () => {
    // 50 UTF-16 units (the longest username), the emoji's two at 48-49: `-2` needs the cut there.
    const login = `${'a'.repeat(47)}\u{1F600}b`;
    expect(login).toHaveLength(50);
    const imported = async (name: string, email: string) => {
      const job = await importOverHttp(admin, authorWxr(name, email), 'wordpress.xml');
      expect(job.status, job.error ?? '').toBe('done');
      const [user] = await sql<{ username: string }>(`SELECT username FROM users WHERE email = $1`, [email]);
      return user?.username;
    };
    expect(await imported(login, 'pierwszy@example.com')).toBe(login);
    // Another person whose login differs only in case: usernames are unique whatever the case.
    const second = await imported(`A${login.slice(1)}`, 'drugi@example.com');
    expect(second).toBe(`A${'a'.repeat(46)}-2`);
    expect(second).not.toContain('\uFFFD');
  });
});

describe('names of a Ghost import', () => {
  // A fresh post each time: the first one's page may still be in the public cache.
  const ghost = (tags: { id: string; name: string }[], slug: string) =>
    Buffer.from(
      JSON.stringify({
        db: [
          {
            meta: { version: '5.82.2', exported_on: 1717236000000 },
            data: {
              posts: [
                {
                  id: 'p1',
                  uuid: slug,
                  title: 'Wpis z Ghosta o nazwach',
                  slug,
                  html: '<p>Treść.</p>',
                  status: 'published',
                  type: 'post',
                  published_at: '2024-06-01T10:00:00.000Z',
                  created_at: '2024-06-01T10:00:00.000Z',
                  updated_at: '2024-06-01T10:00:00.000Z',
                },
              ],
              tags: tags.map((tag) => ({ ...tag, slug: tag.id, visibility: 'public' })),
              posts_tags: tags.map((tag, index) => ({ post_id: 'p1', tag_id: tag.id, sort_order: index })),
              users: [{ id: 'u1', slug: `${NFD_ANA}\u200B-ghost`, name: `Ana\nGhost\u2066`, email: '' }],
              posts_authors: [{ post_id: 'p1', author_id: 'u1', sort_order: 0 }],
            },
          },
        ],
      }),
    );
  const tags = [
    { id: 't1', name: NFD_ANA },
    { id: 't2', name: '..' },
    { id: 't3', name: 'Morze\r\nBałtyckie' },
  ];

  it('takes Ghost tags as tags by the same rules', async () => {
    const report = await importFile(ghost(tags, 'ghost-tagi'), { ghostTagsAs: 'tags' });
    expect(report.unchanged.tags).toBe(1);
    expect(report.skipped).toEqual([
      { kind: 'tag', sourceId: 't2', title: '..', reason: TERM_DROPPED.tag.dots },
    ]);
    expect((await termsOfPost('ghost-tagi')).tags).toEqual([ANA, 'Morze Bałtyckie'].sort());
    expect(await sql(`SELECT username, display_name FROM users WHERE username LIKE $1`, [`${ANA}%`])).toEqual(
      [{ username: `${ANA}-ghost`, display_name: 'Ana Ghost' }],
    );
  });

  it('takes Ghost tags as categories by the same rules (dots are a category name the blog allows)', async () => {
    await sql(`DELETE FROM import_sources WHERE source = 'ghost:ghost' AND kind <> 'post'`);
    const report = await importFile(ghost(tags, 'ghost-kategorie'));
    expect(report.unchanged.categories).toBe(1);
    expect(report.skipped).toEqual([]);
    expect((await termsOfPost('ghost-kategorie')).categories).toEqual(['..', ANA, 'Morze Bałtyckie'].sort());
  });
});

describe("names of this blog's own export", () => {
  it('normalizes categories, tags, authors and comment authors alike', async () => {
    const report = await importFile(
      Buffer.from(
        JSON.stringify({
          format: 'blog-transfer',
          version: 1,
          source: { kind: 'blog', site: 'https://inny.example.pl' },
          exportedAt: null,
          authors: [
            { sourceId: 'a1', username: `Ola\u0301\u2028Nowa`, email: null, displayName: `Ola\u0085Nowa` },
          ],
          categories: [
            { sourceId: 'c1', name: NFD_ANA },
            { sourceId: 'c2', name: '\u200B' },
          ],
          tags: [
            { sourceId: 't1', name: '...' },
            { sourceId: 't2', name: `Ja\u0301zz\n\nnoc` },
          ],
          posts: [
            {
              sourceId: 'p1',
              title: 'Wpis z eksportu',
              slug: 'eksport-o-nazwach',
              html: '<p>Treść.</p>',
              excerpt: null,
              published: true,
              publishedAt: '2024-01-01T10:00:00.000Z',
              createdAt: '2024-01-01T10:00:00.000Z',
              updatedAt: '2024-01-01T10:00:00.000Z',
              authorSourceId: 'a1',
              categorySourceIds: ['c1', 'c2'],
              tagSourceIds: ['t1', 't2'],
              coverImage: null,
            },
          ],
          comments: [
            {
              sourceId: 'k1',
              postSourceId: 'p1',
              author: 'Ewa\u000bZ\u200D',
              email: 'ewa@example.com',
              content: 'Komentarz z eksportu.',
              createdAt: '2024-01-02T10:00:00.000Z',
            },
          ],
        }),
      ),
    );
    expect(report.unchanged.categories).toBe(1);
    expect(report.skipped.map((item) => [item.kind, item.sourceId])).toEqual([
      ['category', 'c2'],
      ['tag', 't1'],
    ]);
    expect(await termsOfPost('eksport-o-nazwach')).toEqual({ tags: ['Jázz noc'], categories: [ANA] });
    expect(await sql(`SELECT username, display_name FROM users WHERE display_name LIKE 'Ola%'`)).toEqual([
      { username: 'Olá-Nowa', display_name: 'Ola Nowa' },
    ]);
    expect(await sql(`SELECT author FROM comments WHERE content = 'Komentarz z eksportu.'`)).toEqual([
      { author: 'Ewa Z' },
    ]);
  });
});
