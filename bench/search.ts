/**
 * The search's own timing: seeds BENCH_POSTS posts (10,000 by default; the bench's data set) in a
 * private database and times the public list's search (listVisiblePosts: stage choice, page, count
 * and fragments, the count computed every time as on a cache miss) and the admin posts list's search
 * for Polish queries of each kind. Prints p50/p95 per query and the dictionary's load time and heap.
 *
 * Each query runs in BENCH_SEARCH_ROUNDS interleaved rounds (every query once per round, so a burst of
 * load on the shared machine hits all of them alike); the figures are the medians of the rounds' p50
 * and p95. The seed loads the posts before building their GIN indexes (built once afterwards, as a
 * restore does: the same indexes, several times faster than growing them row by row).
 *
 *   npm run bench:search                 # 10,000 posts
 *   BENCH_POSTS=100000 npm run bench:search
 *   BENCH_SEARCH_DATABASE=postgres://…/db npm run bench:search   # a database kept: seeded when empty
 */
import { loadavg } from 'node:os';
import pg from 'pg';
import { QueryTypes } from 'sequelize';
import { runMigrations } from '../api/src/db/migrate.ts';
import { createSequelize } from '../api/src/db/sequelize.ts';
import { loadPolishDictionary } from '../api/src/modules/search/polish-dictionary.ts';
import { listAdminPostsPage, adminPostsQuerySchema } from '../api/src/modules/posts/admin-posts.list.ts';
import { listVisiblePosts } from '../api/src/modules/posts/posts.service.ts';
import { migratedScratchDatabase, requireLoopback } from './bench-services.ts';
import { SEARCH_BENCH_QUERIES } from './search-queries.ts';
import { seedDatabase } from './seed-data.ts';
import { percentile } from './stats.ts';

const QUERIES = SEARCH_BENCH_QUERIES;
const print = (line: string) => process.stdout.write(`${line}\n`);
const RUNS = Number(process.env.BENCH_SEARCH_RUNS ?? 40);
const ROUNDS = Number(process.env.BENCH_SEARCH_ROUNDS ?? 5);
const median = (values: number[]) =>
  percentile(
    [...values].sort((a, b) => a - b),
    50,
  );

const serverUrl = process.env.BENCH_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
requireLoopback(serverUrl, 'BENCH_DATABASE_URL');
const cleanups: (() => Promise<unknown>)[] = [];
try {
  const heapBefore = process.memoryUsage().heapUsed;
  const loadStarted = performance.now();
  await loadPolishDictionary();
  const loadMs = performance.now() - loadStarted;
  const heapMb = (process.memoryUsage().heapUsed - heapBefore) / 1e6;
  print(`dictionary: loaded in ${loadMs.toFixed(0)} ms, heap +${heapMb.toFixed(0)} MB`);

  const reused = process.env.BENCH_SEARCH_DATABASE;
  let databaseUrl: string;
  let pool: pg.Pool | null = null;
  if (reused) {
    requireLoopback(reused, 'BENCH_SEARCH_DATABASE');
    await runMigrations(reused);
    databaseUrl = reused;
    const own = new pg.Pool({ connectionString: reused, max: 2 });
    cleanups.push(() => own.end());
    const { rows } = await own.query<{ posts: number }>('SELECT count(*)::int AS posts FROM posts');
    // An empty database (created for the purpose) is seeded once, then kept for the next runs.
    if (rows[0]!.posts === 0) pool = own;
  } else {
    const scratch = await migratedScratchDatabase(serverUrl, 'blog_bench_search', cleanups);
    databaseUrl = scratch.database.url;
    pool = scratch.pool;
  }
  if (pool) {
    const posts = Number(process.env.BENCH_POSTS ?? 10_000);
    const seeded = performance.now();
    const { rows: ginIndexes } = await pool.query<{ indexname: string; indexdef: string }>(
      `SELECT indexname, indexdef FROM pg_indexes WHERE tablename IN ('posts', 'post_search') AND indexdef LIKE '% USING gin %'`,
    );
    for (const index of ginIndexes) await pool.query(`DROP INDEX "${index.indexname}"`);
    await seedDatabase(pool, { posts, plantedWord: 'grzegżółka', plantedShare: 0.01, seed: 1 });
    for (const index of ginIndexes) await pool.query(index.indexdef);
    // The seed's flag updates leave post_search at twice its size; a restore leaves it compact.
    await pool.query('VACUUM (FULL) post_search');
    await pool.query('VACUUM (ANALYZE)');
    print(`${posts} posts seeded in ${((performance.now() - seeded) / 1000).toFixed(0)} s`);
  }
  const sequelize = createSequelize(databaseUrl);
  cleanups.push(() => sequelize.close());
  const db = { sequelize };
  const [{ posts }] = await sequelize.query<{ posts: number }>('SELECT count(*)::int AS posts FROM posts', {
    type: QueryTypes.SELECT,
  });
  print(`${posts} posts; ${ROUNDS} interleaved rounds of ${Math.ceil(RUNS / ROUNDS)} runs per query`);

  const timings = new Map<string, { public: number[][]; admin: number[][] }>();
  const once = async (work: () => Promise<unknown>, samples: number[]) => {
    const started = performance.now();
    await work();
    samples.push(performance.now() - started);
  };
  const found = new Map<string, number>();
  for (const q of QUERIES) {
    found.set(q, (await listVisiblePosts(db, { q, page: 1, limit: 6 })).total);
    timings.set(q, { public: [], admin: [] });
  }
  for (let round = 0; round < ROUNDS; round++) {
    for (const q of QUERIES) {
      const adminQuery = adminPostsQuerySchema.parse({ q });
      const publicSamples: number[] = [];
      const adminSamples: number[] = [];
      for (let run = 0; run < Math.ceil(RUNS / ROUNDS); run++) {
        await once(() => listVisiblePosts(db, { q, page: 1, limit: 6 }), publicSamples);
        await once(() => listAdminPostsPage(db, adminQuery), adminSamples);
      }
      timings.get(q)!.public.push(publicSamples.sort((a, b) => a - b));
      timings.get(q)!.admin.push(adminSamples.sort((a, b) => a - b));
    }
  }
  const figures = (rounds: number[][]) =>
    `p50 ${median(rounds.map((samples) => percentile(samples, 50))).toFixed(1)} ms, ` +
    `p95 ${median(rounds.map((samples) => percentile(samples, 95))).toFixed(1)} ms`;
  print('| query | found | public list | admin list |\n| --- | --- | --- | --- |');
  for (const q of QUERIES) {
    const { public: publicRounds, admin } = timings.get(q)!;
    print(`| ${q} | ${found.get(q)} | ${figures(publicRounds)} | ${figures(admin)} |`);
  }
  print(
    `load average at the end: ${loadavg()
      .map((load) => load.toFixed(1))
      .join(' ')}`,
  );
} finally {
  for (const cleanup of cleanups.reverse()) await cleanup().catch(() => undefined);
}
