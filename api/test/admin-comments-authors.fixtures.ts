// Fixtures of admin-comments-authors.test.ts: a scratch database with tiny author buckets, the awkward
// names and the list's variants, and the checks every page and count is held to.
import { QueryTypes, type Transaction } from 'sequelize';
import { Sequelize } from 'sequelize-typescript';
import { inject } from 'vitest';
import { runMigrations } from '../src/db/migrate.ts';
import { createScratchDatabase } from '../src/db/scratch-database.ts';
import {
  adminCommentsQuerySchema,
  listAdminCommentsPage,
} from '../src/modules/comments/admin-comments.list.ts';

export type Status = 'approved' | 'pending';
export type Order = 'asc' | 'desc';

/** Names a bucket by prefix would misplace in some collation: spaces, punctuation, case, Polish letters. */
export const NAMES = [
  'Anna',
  'anna',
  'ANNA',
  'Anna ',
  ' Anna',
  'An na',
  'Anna-Maria',
  'Anna Maria',
  'AnnaMaria',
  'Anna.Maria',
  "Anna'Maria",
  'Ania',
  'Ąnna',
  'Łukasz',
  'Lukasz',
  'łukasz',
  'Luk',
  'Łódź',
  'Lodz',
  'Żaneta',
  'Zaneta',
  'Źdźbło',
  'zażółć gęślą jaźń',
  'Ćma',
  'Cma',
  'Ścisły',
  'Scisly',
  'Ó',
  'ó',
  'o',
  'Ö',
  'a',
  'A',
  'a10',
  'a9',
  'a 10',
  'a-9',
  '-',
  '.',
  '!',
  "'",
  ' ',
  '  ',
  '',
  'Zz',
  'zZ',
  'ß',
  'ss',
  'İstanbul',
  '😀 Emoji',
  'x'.repeat(100),
];

export const VARIANTS: { order: Order; status?: Status }[] = [
  { order: 'asc' },
  { order: 'desc' },
  { order: 'asc', status: 'pending' },
  { order: 'desc', status: 'pending' },
  { order: 'asc', status: 'approved' },
  { order: 'desc', status: 'approved' },
];

/** A database of its own, migrated (or up to `to`), with one post to comment on. */
export async function scratch(prefix: string, options: { icuLocale?: string; to?: string } = {}) {
  const database = await createScratchDatabase(
    inject('adminDatabaseUrl'),
    prefix,
    undefined,
    options.icuLocale,
  );
  await runMigrations(database.url, options.to ? { to: options.to } : {});
  // Without models (no API runs here): listAdminCommentsPage sends plain SQL.
  const sequelize = new Sequelize(database.url, { dialect: 'postgres', logging: false, pool: { max: 10 } });
  const select = <T extends object>(
    sql: string,
    replacements: Record<string, unknown> = {},
    transaction?: Transaction,
  ) => sequelize.query<T>(sql, { type: QueryTypes.SELECT, replacements, transaction });
  const [post] = await select<{ id: number }>(`
    WITH author AS (
      INSERT INTO users (username, email, password_hash, role, display_name)
        VALUES ('a', 'a@example.com', 'x', 'publisher', 'A') RETURNING id)
    INSERT INTO posts (title, slug, content, content_text, excerpt, published, user_id)
      SELECT 'Wpis', 'wpis', '<p>x</p>', 'x', 'x', true, id FROM author RETURNING id`);
  /** The comments in one statement, in the order given, every third pending; their ids. */
  const insert = async (authors: string[], transaction?: Transaction) =>
    (
      await select<{ id: number }>(
        `INSERT INTO comments (post_id, author, email, content, status)
           SELECT :post, a, 'k@example.com', 'Treść', CASE WHEN i % 3 = 0 THEN 'pending' ELSE 'approved' END
             FROM unnest(ARRAY[:authors]::text[]) WITH ORDINALITY AS t(a, i)
            ORDER BY i
         RETURNING id`,
        { post: post!.id, authors },
        transaction,
      )
    ).map((row) => row.id);
  const close = async () => {
    await sequelize.close();
    await database.drop();
  };
  return { database, sequelize, select, insert, close };
}
export type Scratch = Awaited<ReturnType<typeof scratch>>;

/** Buckets of `rows` comments, cut past twice as many (1,000 in production). */
export const bucketRows = (db: Scratch, rows: number) =>
  db.sequelize.query(
    `CREATE OR REPLACE FUNCTION blog_comment_author_bucket_rows() RETURNS integer LANGUAGE sql STABLE RETURN ${rows}`,
  );

export async function listPage(
  db: Scratch,
  ask: { order: Order; status?: Status; page: number; limit: number },
  transaction?: Transaction,
) {
  const query = adminCommentsQuerySchema.parse({
    sort: 'author',
    order: ask.order,
    page: String(ask.page),
    limit: String(ask.limit),
    ...(ask.status ? { status: ask.status } : {}),
  });
  return listAdminCommentsPage({ sequelize: db.sequelize, transaction }, query);
}

/** The plain walk from the start: the order every page must slice. */
export const expectedIds = async (db: Scratch, order: Order, status?: Status, transaction?: Transaction) =>
  (
    await db.select<{ id: number }>(
      `SELECT c.id FROM comments c ${status ? 'WHERE c.status = :status' : ''}
        ORDER BY lower(c.author) ${order}, c.id ${order}`,
      { status },
      transaction,
    )
  ).map((row) => row.id);

/** Every page (and the one past the end) of every variant at each limit; the pages that differ. */
export async function wrongPages(
  db: Scratch,
  limits: number[],
  pagesOf?: (count: number, limit: number) => number[],
) {
  const wrong: unknown[] = [];
  for (const { order, status } of VARIANTS) {
    const all = await expectedIds(db, order, status);
    for (const limit of limits) {
      const last = Math.ceil(all.length / limit);
      const pages = pagesOf ? pagesOf(all.length, limit) : Array.from({ length: last + 1 }, (_, i) => i + 1);
      for (const page of pages) {
        const answer = await listPage(db, { order, status, page, limit });
        const ids = answer.items.map((item) => item.id);
        const expected = all.slice((page - 1) * limit, page * limit);
        if (JSON.stringify(ids) !== JSON.stringify(expected) || answer.total !== all.length)
          wrong.push({ order, status, limit, page, ids, expected, total: answer.total, all: all.length });
      }
    }
  }
  return wrong;
}

/** Buckets whose counts differ from the comments they hold, per status; [] when exact. */
export const wrongCounts = (db: Scratch) =>
  db.select(`
    SELECT status, bucket, coalesce(sum(counted), 0)::int AS counted, coalesce(sum(actual), 0)::int AS actual
      FROM (SELECT status, bucket, n AS counted, 0 AS actual FROM comment_author_counts
            UNION ALL
            SELECT status, blog_comment_author_bucket(lower(author), id), 0, 1 FROM comments) both_sides
     GROUP BY status, bucket HAVING sum(counted) <> sum(actual)`);

export const bucketSizes = async (db: Scratch) =>
  (
    await db.select<{ buckets: number; largest: number }>(
      `SELECT count(*)::int AS buckets, coalesce(max(n), 0)::int AS largest
         FROM (SELECT bucket, sum(n) AS n FROM comment_author_counts GROUP BY bucket HAVING sum(n) <> 0) k`,
    )
  )[0]!;

/** A deterministic shuffle, so a bulk insert is not in the sort's order. */
export const shuffled = <T>(items: T[]) =>
  items
    .map((item, index) => ({ item, key: (index * 7919) % 1009 }))
    .sort((a, b) => a.key - b.key)
    .map(({ item }) => item);
