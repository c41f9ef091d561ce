import { performance } from 'node:perf_hooks';
import type pg from 'pg';
import { htmlToText } from '../api/src/html/html-text.ts';
import {
  AUTHOR_NAMES,
  CATEGORY_NAMES,
  COMMENTER_NAMES,
  createRandom,
  excerpt,
  HIDDEN_CATEGORY_COUNT,
  pick,
  postHtml,
  randomInt,
  sentence,
  slugify,
  TAG_NAMES,
  title,
} from './polish-text.ts';

export interface SeedOptions {
  posts: number;
  /** Planted once in the body of about `plantedShare` of the posts; the "search with hits" scenario looks for it. */
  plantedWord: string;
  plantedShare: number;
  seed: number;
}

export interface SeedSummary {
  posts: number;
  drafts: number;
  postsWithPlantedWord: number;
  categories: number;
  hiddenCategories: number;
  tags: number;
  authors: number;
  comments: number;
  contentMegabytes: number;
  seedSeconds: number;
  vacuumSeconds: number;
}

const BATCH_SIZE = 1000;
const DAY_MS = 24 * 3600 * 1000;
const SPAN_MS = 3 * 365 * DAY_MS;

/** Inserts `rows` with one multi-row INSERT; `columns` name the table's columns in row order. */
async function insertRows(
  pool: pg.Pool,
  table: string,
  columns: string[],
  rows: unknown[][],
  returning = '',
): Promise<pg.QueryResult> {
  const values: unknown[] = [];
  const tuples = rows.map((row) => {
    const placeholders = row.map((value) => {
      values.push(value);
      return `$${values.length}`;
    });
    return `(${placeholders.join(', ')})`;
  });
  return pool.query(
    `INSERT INTO ${table} (${columns.join(', ')}) VALUES ${tuples.join(', ')} ${returning}`,
    values,
  );
}

/**
 * Seeds a freshly migrated database: authors, categories (some hidden), tags, `posts` posts
 * spread over three years in creation order (as a real blog grows), their category and tag
 * links and some comments; then VACUUM (ANALYZE): the planner sees the real sizes, and the trigram
 * index's pending list is merged as autovacuum would have done on a live site. Right after a bulk
 * insert that list is still unmerged and a search takes ~40× longer (measured: ~650 ms vs ~15 ms).
 */
export async function seedDatabase(pool: pg.Pool, options: SeedOptions): Promise<SeedSummary> {
  const started = performance.now();
  const random = createRandom(options.seed);

  const authorIds = (
    await insertRows(
      pool,
      'users',
      ['username', 'password_hash', 'email', 'display_name', 'role'],
      AUTHOR_NAMES.map((name, index) => [
        slugify(name, index + 1),
        // Not an argon2 hash: nobody can sign in as a bench author.
        'bench:no-password',
        `autor${index + 1}@example.com`,
        name,
        index === 0 ? 'admin' : 'publisher',
      ]),
      'RETURNING id',
    )
  ).rows.map((row: { id: number }) => row.id);

  const categoryIds = (
    await insertRows(
      pool,
      'categories',
      ['name', 'enabled'],
      CATEGORY_NAMES.map((name, index) => [name, index < CATEGORY_NAMES.length - HIDDEN_CATEGORY_COUNT]),
      'RETURNING id',
    )
  ).rows.map((row: { id: number }) => row.id);

  const tagIds = (
    await insertRows(
      pool,
      'tags',
      ['name'],
      TAG_NAMES.map((name) => [name]),
      'RETURNING id',
    )
  ).rows.map((row: { id: number }) => row.id);

  const now = Date.now();
  const firstAt = now - SPAN_MS;
  let drafts = 0;
  let planted = 0;
  let contentBytes = 0;
  const postIds: number[] = [];
  const postCreatedAt: number[] = [];
  // Batches go to the pool without waiting: PostgreSQL inserts on every pooled connection while
  // this process generates the next batch. Ids are given explicitly so they follow creation order.
  const inserts: Promise<unknown>[] = [];
  for (let start = 0; start < options.posts; start += BATCH_SIZE) {
    const rows: unknown[][] = [];
    for (let index = start; index < Math.min(options.posts, start + BATCH_SIZE); index += 1) {
      // Evenly spread with some jitter, still ascending: ids follow creation order as in production.
      const createdAt = firstAt + ((index + random() * 0.9) / options.posts) * SPAN_MS;
      const plant = random() < options.plantedShare;
      const published = random() >= 0.05;
      if (!published) drafts += 1;
      if (plant) planted += 1;
      const postTitle = title(random);
      const content = postHtml(random, randomInt(random, 600, 1500), plant ? options.plantedWord : undefined);
      contentBytes += Buffer.byteLength(content);
      const updatedAt = random() < 0.2 ? Math.min(now, createdAt + random() * 30 * DAY_MS) : createdAt;
      rows.push([
        index + 1,
        postTitle,
        slugify(postTitle, index + 1),
        content,
        htmlToText(content),
        excerpt(random),
        published,
        pick(random, authorIds),
        new Date(createdAt),
        new Date(updatedAt),
      ]);
      postCreatedAt.push(createdAt);
    }
    // Keeps at most a few batches in flight, so memory stays bounded.
    if (inserts.length >= 2) await inserts.shift();
    const insert = insertRows(
      pool,
      'posts',
      [
        'id',
        'title',
        'slug',
        'content',
        'content_text',
        'excerpt',
        'published',
        'user_id',
        'created_at',
        'updated_at',
      ],
      rows,
    );
    // Awaited later; the empty handler only stops Node from calling a rejection unhandled meanwhile.
    insert.catch(() => undefined);
    inserts.push(insert);
    postIds.push(...rows.map((row) => row[0] as number));
  }
  await Promise.all(inserts);
  await pool.query(`SELECT setval('posts_id_seq', $1)`, [options.posts]);

  const linkPostIds: number[] = [];
  const linkCategoryIds: number[] = [];
  const tagPostIds: number[] = [];
  const tagTagIds: number[] = [];
  const commentPostIds: number[] = [];
  const commentAuthors: string[] = [];
  const commentEmails: string[] = [];
  const commentContents: string[] = [];
  const commentCreatedAt: Date[] = [];
  postIds.forEach((postId, index) => {
    const categories = new Set([pick(random, categoryIds)]);
    if (random() < 0.4) categories.add(pick(random, categoryIds));
    for (const categoryId of categories) {
      linkPostIds.push(postId);
      linkCategoryIds.push(categoryId);
    }
    const tags = new Set(Array.from({ length: randomInt(random, 0, 4) }, () => pick(random, tagIds)));
    for (const tagId of tags) {
      tagPostIds.push(postId);
      tagTagIds.push(tagId);
    }
    if (random() < 0.2) {
      for (let c = randomInt(random, 1, 5); c > 0; c -= 1) {
        const author = pick(random, COMMENTER_NAMES);
        commentPostIds.push(postId);
        commentAuthors.push(author);
        commentEmails.push(`${slugify(author, c)}@example.com`);
        commentContents.push(`${sentence(random, 5, 20)} ${sentence(random, 5, 12)}`);
        commentCreatedAt.push(new Date(postCreatedAt[index] + random() * 14 * DAY_MS));
      }
    }
  });
  // unnest turns parallel arrays into rows: one statement per table whatever the row count.
  await pool.query(
    'INSERT INTO post_categories (post_id, category_id) SELECT * FROM unnest($1::int[], $2::int[])',
    [linkPostIds, linkCategoryIds],
  );
  await pool.query('INSERT INTO post_tags (post_id, tag_id) SELECT * FROM unnest($1::int[], $2::int[])', [
    tagPostIds,
    tagTagIds,
  ]);
  await pool.query(
    `INSERT INTO comments (post_id, author, email, content, created_at)
     SELECT * FROM unnest($1::int[], $2::text[], $3::text[], $4::text[], $5::timestamptz[])`,
    [commentPostIds, commentAuthors, commentEmails, commentContents, commentCreatedAt],
  );
  const seeded = performance.now();
  await pool.query('VACUUM (ANALYZE)');
  const vacuumed = performance.now();

  return {
    posts: postIds.length,
    drafts,
    postsWithPlantedWord: planted,
    categories: categoryIds.length,
    hiddenCategories: HIDDEN_CATEGORY_COUNT,
    tags: tagIds.length,
    authors: authorIds.length,
    comments: commentPostIds.length,
    contentMegabytes: Math.round((contentBytes / 1024 / 1024) * 10) / 10,
    seedSeconds: Math.round((seeded - started) / 100) / 10,
    vacuumSeconds: Math.round((vacuumed - seeded) / 100) / 10,
  };
}

/**
 * 20,000 subscriptions (or `count`) spread over the categories, in user_subscriptions. Columns are read from the catalogue, so the seed
 * follows the table as it is: e-mail and category, plus any other required column it knows how to fill.
 */
export async function seedSubscriptions(
  pool: pg.Pool,
  count: number,
): Promise<{ seeded: number } | { seeded: 0; reason: string }> {
  const { rows: columns } = await pool.query<{ name: string; required: boolean; type: string }>(
    `SELECT column_name AS name, data_type AS type,
            (is_nullable = 'NO' AND column_default IS NULL AND is_identity = 'NO') AS required
       FROM information_schema.columns
      WHERE table_schema = current_schema() AND table_name = 'user_subscriptions'`,
  );
  if (columns.length === 0) return { seeded: 0, reason: 'no user_subscriptions table on this branch' };
  const fills: Record<string, string> = {
    email: `'czytelnik' || n || '@example.com'`,
    category_id: `(SELECT id FROM categories ORDER BY id OFFSET (n % (SELECT count(*) FROM categories)) LIMIT 1)`,
    active: 'true',
    token: `md5(n::text || random()::text)`,
    unsubscribe_token: `md5(n::text || random()::text)`,
    created_at: `now() - (n % 1000) * interval '1 hour'`,
    updated_at: 'now()',
  };
  const missing = columns.filter((column) => column.required && !fills[column.name]).map((c) => c.name);
  if (missing.length > 0) return { seeded: 0, reason: `unknown required columns: ${missing.join(', ')}` };
  const used = columns.filter((column) => fills[column.name]).map((column) => column.name);
  try {
    await pool.query(
      `INSERT INTO user_subscriptions (${used.join(', ')})
       SELECT ${used.map((name) => fills[name]).join(', ')} FROM generate_series(1, $1) AS n
       ON CONFLICT DO NOTHING`,
      [count],
    );
  } catch (err) {
    return { seeded: 0, reason: err instanceof Error ? err.message : String(err) };
  }
  const { rows } = await pool.query<{ n: number }>('SELECT count(*)::int AS n FROM user_subscriptions');
  return { seeded: rows[0].n };
}
