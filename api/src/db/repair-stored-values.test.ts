// The one-off repair of rows stored before the rules on dates and names (migration
// 20261128140000-repair-stored-values): such rows are written by SQL into a database migrated up to
// the one before, the real API shows the harm (admin lists answer 500, an NFD account cannot sign in),
// then the migration runs as a release would run it and every list, feed and sign-in works.
import type pg from 'pg';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { hashPassword } from '../modules/auth/password.ts';
import { TestBrowser } from '../../test/browser.ts';
import { startTestApi, type TestApi } from '../../test/harness.ts';
import { clientIp } from '../../test/http.ts';
import { signedInAs } from '../../test/signed-in.ts';
import { queryDatabase } from '../../test/sql.ts';
import { runMigrations } from './migrate.ts';
import { MIGRATIONS } from './migrations/index.ts';
import { createScratchDatabase, type ScratchDatabase } from './scratch-database.ts';

const REPAIR = '20261128140000-repair-stored-values';
const BEFORE_REPAIR = MIGRATIONS[MIGRATIONS.findIndex((m) => m.name === REPAIR) - 1]!.name;
const PASSWORD = 'Dobre-Hasło1';
const NFD_ANA = 'A\u0328na';
const ANA = '\u0104na';

let database: ScratchDatabase;
let api: TestApi;

const sql = <T extends pg.QueryResultRow>(text: string, values: unknown[] = []) =>
  queryDatabase<T>(database.url, text, values);

const one = async <T extends pg.QueryResultRow>(text: string, values: unknown[] = []) =>
  (await sql<T>(text, values))[0]!;

beforeAll(async () => {
  database = await createScratchDatabase(inject('adminDatabaseUrl'), 'blog_test_repair');
  await runMigrations(database.url, { to: BEFORE_REPAIR });
  // Today's models read the account columns a later migration adds (20261129120000-name-skeletons,
  // idempotent): added as it adds them, so the real API runs on the schema before the repair.
  await sql(`ALTER TABLE users ADD COLUMN username_skeleton text, ADD COLUMN display_name_skeleton text,
    ADD COLUMN import_pending boolean NOT NULL DEFAULT false`);
  api = await startTestApi({ DATABASE_URL: database.url });
});

afterAll(async () => {
  await api?.close();
  await database?.drop();
});

/** Rows as an older release (or a hand-run INSERT) left them. */
async function storeOldRows() {
  const author = await one<{ id: number }>(
    `INSERT INTO users (username, email, password_hash, role, display_name)
     VALUES ($1, 'zosia@example.com', $2, 'publisher', $3) RETURNING id`,
    ['Zo\u0301sia', await hashPassword(PASSWORD), 'Zosia\nNowak\u202E'],
  );
  // Two accounts whose names normalize alike: never merged, the NFD one stays as it is.
  await sql(`INSERT INTO users (username, password_hash) VALUES ('Ola', 'x'), ('Ola' || chr(160), 'x')`);
  const post = (slug: string, dates: string) =>
    one<{ id: number }>(
      `INSERT INTO posts (title, slug, content, published, user_id, ${dates.split('|')[0]})
       VALUES ($1, $1, '<p>Treść</p>', $2, $3, ${dates.split('|')[1]}) RETURNING id`,
      [slug, !slug.startsWith('szkic'), author.id],
    );
  const future = await post(
    'rok-dziesiec-tysiecy',
    `created_at, updated_at, first_published_at|'10000-01-01T00:00:00Z', 'infinity', '10000-01-01T00:00:00Z'`,
  );
  const planned = await post('szkic-na-rok-12000', `scheduled_at|'12000-05-01T10:00:00Z'`);
  const old = await post(
    'szkic-z-1800',
    `created_at, scheduled_at|'1800-01-01T00:00:00Z', '1850-01-01T00:00:00Z'`,
  );
  await sql(
    `INSERT INTO comments (post_id, author, email, content, created_at, status)
     VALUES ($1, 'Ktoś', 'ktos@example.com', 'Komentarz z przyszłości', '20000-01-01T00:00:00Z', 'approved')`,
    [future.id],
  );

  const tags = await sql<{ id: number; name: string }>(
    `INSERT INTO tags (name) VALUES ($1), ($2), ('.'), ('..'), ('Zima' || chr(10) || '2024'),
            ('wyścig' || chr(8203)), ('Wyścig' || chr(160)), (chr(8203))
     RETURNING id, name`,
    [NFD_ANA, ANA],
  );
  const links = [
    [future.id, 0],
    [future.id, 1],
    [planned.id, 0],
    [future.id, 2],
    [future.id, 3],
    [future.id, 4],
    [future.id, 5],
    [planned.id, 6],
    [future.id, 7],
  ];
  for (const [postId, tag] of links)
    await sql(`INSERT INTO post_tags (post_id, tag_id) VALUES ($1, $2)`, [postId, tags[tag!]!.id]);

  const categories = await sql<{ id: number }>(
    `INSERT INTO categories (name) VALUES ($1), ($2), ('Góry' || chr(10) || 'i doliny'), ('Morze' || chr(8203))
     RETURNING id`,
    [ANA, NFD_ANA],
  );
  for (const { id } of [future, planned, old])
    await sql(`INSERT INTO post_categories (post_id, category_id) VALUES ($1, $2)`, [id, categories[0]!.id]);
  await sql(`INSERT INTO user_subscriptions (category_id, email) VALUES ($1, 'czytelnik@example.com')`, [
    categories[1]!.id,
  ]);
  return { future, planned, old, categories };
}

describe('repair of stored values (migration)', () => {
  it('brings stored dates and names under the rules, so lists answer and the account signs in', async () => {
    const { future, planned, old, categories } = await storeOldRows();
    const admin = await signedInAs(api, 'admin');
    const zosia = new TestBrowser(api, clientIp());

    // The harm, before the repair.
    expect((await admin.call('GET', '/api/admin/posts')).status).toBe(500);
    await expect(zosia.signIn('Zósia', PASSWORD)).rejects.toThrow(/sign-in failed: 401/);

    expect(await runMigrations(database.url, { to: REPAIR })).toEqual([REPAIR]);

    const dates = await sql(
      `SELECT slug, published, created_at, updated_at, first_published_at, scheduled_at, version
         FROM posts WHERE id = ANY($1) ORDER BY id`,
      [[future.id, planned.id, old.id]],
    );
    const last = new Date('9999-12-31T23:59:59.999Z');
    const first = new Date('1900-01-01T00:00:00.000Z');
    expect(dates).toMatchObject([
      {
        slug: 'rok-dziesiec-tysiecy',
        published: true,
        created_at: last,
        updated_at: last,
        first_published_at: last,
      },
      { slug: 'szkic-na-rok-12000', published: false, scheduled_at: null },
      { slug: 'szkic-z-1800', published: false, created_at: first, scheduled_at: null },
    ]);
    expect(await one(`SELECT created_at FROM comments WHERE post_id = $1`, [future.id])).toEqual({
      created_at: last,
    });

    // Tags: the NFD 'Ąna' merged into the NFC one (each post once), the two 'wyścig' into the first,
    // dots-only and invisible ones gone.
    const tagsOf = async (postId: number) =>
      (
        await sql<{ name: string }>(
          `SELECT t.name FROM tags t JOIN post_tags pt ON pt.tag_id = t.id WHERE pt.post_id = $1`,
          [postId],
        )
      )
        .map((row) => row.name)
        .sort();
    expect(await tagsOf(future.id)).toEqual(['wyścig', 'Zima 2024', ANA].sort());
    expect(await tagsOf(planned.id)).toEqual(['wyścig', ANA].sort());
    expect(await sql(`SELECT name FROM tags`)).toHaveLength(3);

    // Categories: renamed where the name is free; the NFD one, whose name the NFC one holds, stays
    // (and keeps its subscriber).
    expect(
      (await sql<{ name: string }>(`SELECT name FROM categories ORDER BY id`)).map((row) => row.name),
    ).toEqual([ANA, NFD_ANA, 'Góry i doliny', 'Morze']);
    expect(await one(`SELECT category_id FROM user_subscriptions`)).toEqual({
      category_id: categories[1]!.id,
    });

    // Accounts: the NFD username is now the one people type; 'Ola' + no-break space stays beside 'Ola'.
    expect(
      await sql(
        `SELECT username, display_name FROM users WHERE username LIKE 'Z%' OR username LIKE 'Ola%' ORDER BY id`,
      ),
    ).toEqual([
      { username: 'Zósia', display_name: 'Zosia Nowak' },
      { username: 'Ola', display_name: null },
      { username: 'Ola\u00A0', display_name: null },
    ]);
    await zosia.signIn('Zósia', PASSWORD);

    for (const pathname of ['/api/admin/posts', '/api/admin/comments', '/api/admin/users'])
      expect((await admin.call('GET', pathname)).status, pathname).toBe(200);
    for (const pathname of ['/api/posts', '/api/tags', '/rss.xml', '/sitemap.xml'])
      expect((await api.fetch(pathname)).status, pathname).toBe(200);
    const sitemap = await (await api.fetch('/sitemap.xml')).text();
    expect(sitemap).not.toMatch(/\/tag\/\.+</);
    expect(sitemap).toContain('/tag/Zima%202024<');

    // Run again (a restore of an older backup migrates again): nothing left to change.
    const { repairStoredValues } = await import('./migrations/20261128140000-repair-stored-values.ts');
    const { Sequelize } = await import('sequelize');
    const sequelize = new Sequelize(database.url, { dialect: 'postgres', logging: false });
    try {
      expect(Object.values(await repairStoredValues(sequelize)).every((n) => n === 0)).toBe(true);
    } finally {
      await sequelize.close();
    }
  });
});
