/**
 * The one-off repair of stored dates and names (migration 20261128140000-repair-stored-values) at
 * volume: a private database migrated up to the migration before it, seeded by SQL with 100,000
 * posts, 500,000 comments, 10,000 accounts and 5,000 tags on 300,000 links, about 1 % of them
 * breaking the rules (year-10000 and 1800 dates, planned publications past 9999, NFD and
 * zero-width spellings that collide or not, dots-only tags), then the migration's work (what its
 * up runs): its wall-clock time and what it changed, and a second run (nothing left to change). On demand: `node --import tsx bench/repair-stored-values.ts`.
 */
import { QueryTypes, Sequelize } from 'sequelize';
import { runMigrations } from '../api/src/db/migrate.ts';
import { MIGRATIONS } from '../api/src/db/migrations/index.ts';
import { repairStoredValues } from '../api/src/db/migrations/20261128140000-repair-stored-values.ts';
import { createScratchDatabase } from '../api/src/db/scratch-database.ts';

const ADMIN_URL =
  process.env.BENCH_DATABASE_URL ??
  process.env.TEST_DATABASE_URL ??
  'postgres://postgres@127.0.0.1:5432/postgres';
const REPAIR = '20261128140000-repair-stored-values';
const BEFORE = MIGRATIONS[MIGRATIONS.findIndex((m) => m.name === REPAIR) - 1]!.name;

const SEED = `
INSERT INTO users (username, password_hash, display_name)
  SELECT CASE WHEN i % 100 = 0 THEN 'Zo' || chr(769) || 'sia' || i ELSE 'czytelnik' || i END, 'x',
         CASE WHEN i % 100 = 1 THEN 'Ktoś' || chr(10) || i ELSE 'Czytelnik ' || i END
    FROM generate_series(1, 10000) i;
INSERT INTO posts (title, slug, content, content_text, published, created_at, updated_at, first_published_at, scheduled_at)
  SELECT 'Wpis ' || i, 'wpis-' || i, '<p>Treść ' || i || '</p>', 'Treść ' || i, i % 5 <> 0,
         CASE WHEN i % 100 = 0 THEN '10000-01-01Z'::timestamptz WHEN i % 100 = 1 THEN '1800-01-01Z' ELSE now() - make_interval(mins => i) END,
         CASE WHEN i % 100 = 2 THEN 'infinity'::timestamptz ELSE now() END,
         CASE WHEN i % 5 <> 0 THEN now() - make_interval(mins => i) END,
         CASE WHEN i % 5 = 0 AND i % 100 = 5 THEN '12000-01-01Z'::timestamptz WHEN i % 50 = 0 THEN now() + interval '1 day' END
    FROM generate_series(1, 100000) i;
INSERT INTO comments (content, author, email, post_id, created_at)
  SELECT 'Komentarz ' || i, 'Czytelnik ' || i, 'c' || i || '@example.com', (SELECT min(id) FROM posts) + i % 100000,
         CASE WHEN i % 100 = 0 THEN '20000-01-01Z'::timestamptz ELSE now() - make_interval(secs => i) END
    FROM generate_series(1, 500000) i;
INSERT INTO tags (name)
  SELECT CASE WHEN i % 100 = 0 THEN 'tag' || (i + 3) || chr(8203)
              WHEN i % 100 = 1 THEN 'Ta' || chr(769) || 'g' || i
              WHEN i % 100 = 2 THEN repeat('.', 1 + i / 100)
              ELSE 'tag' || i END
    FROM generate_series(1, 5000) i;
INSERT INTO post_tags (post_id, tag_id)
  SELECT p.id, (SELECT min(id) FROM tags) + (p.id * k) % 5000 FROM posts p, generate_series(1, 3) k
  ON CONFLICT DO NOTHING;
INSERT INTO categories (name)
  SELECT CASE WHEN i % 10 = 0 THEN 'Kategoria' || chr(160) || i ELSE 'Kategoria ' || i END FROM generate_series(1, 100) i;
`;

const database = await createScratchDatabase(ADMIN_URL, 'blog_bench_repair');
try {
  await runMigrations(database.url, { to: BEFORE });
  const sequelize = new Sequelize(database.url, { dialect: 'postgres', logging: false });
  const seeded = performance.now();
  await sequelize.query(SEED);
  await sequelize.query('ANALYZE');
  const [sizes] = await sequelize.query(
    `SELECT (SELECT count(*) FROM posts) AS posts, (SELECT count(*) FROM comments) AS comments,
            (SELECT count(*) FROM tags) AS tags, (SELECT count(*) FROM post_tags) AS links,
            (SELECT count(*) FROM users) AS users`,
    { type: QueryTypes.SELECT },
  );
  process.stdout.write(`seeded in ${Math.round(performance.now() - seeded)} ms: ${JSON.stringify(sizes)}\n`);
  // The migration's own work, timed with what it changed (up calls exactly this).
  const started = performance.now();
  const counts = await repairStoredValues(sequelize);
  process.stdout.write(`repair: ${Math.round(performance.now() - started)} ms ${JSON.stringify(counts)}\n`);
  const again = performance.now();
  const second = await repairStoredValues(sequelize);
  process.stdout.write(
    `a second run: ${Math.round(performance.now() - again)} ms ${JSON.stringify(second)}\n`,
  );
  await sequelize.close();
} finally {
  await database.drop();
}
