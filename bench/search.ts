/**
 * The search's own timing: seeds BENCH_POSTS posts (10,000 by default; the bench's data set) in a
 * private database and times the public list's search (listVisiblePosts: stage choice, page, count
 * and fragments, the count computed every time as on a cache miss) and the admin posts list's search
 * for Polish queries of each kind. Prints p50/p95 per query and the dictionary's load time and heap.
 *
 *   npm run bench:search                 # 10,000 posts
 *   BENCH_POSTS=100000 npm run bench:search
 */
import { createSequelize } from '../api/src/db/sequelize.ts';
import { loadPolishDictionary } from '../api/src/modules/search/polish-dictionary.ts';
import { listAdminPostsPage, adminPostsQuerySchema } from '../api/src/modules/posts/admin-posts.list.ts';
import { listVisiblePosts } from '../api/src/modules/posts/posts.service.ts';
import { migratedScratchDatabase, requireLoopback } from './bench-services.ts';
import { seedDatabase } from './seed-data.ts';
import { percentile } from './stats.ts';

const QUERIES = [
  'grzegżółka',
  'grzegzolka',
  'praca',
  'pracy zdalnej',
  'telefonów',
  'książka rozdział',
  'ksiazki',
  'programowanei',
  'zzzz-brak-takiego',
];
const print = (line: string) => process.stdout.write(`${line}\n`);
const RUNS = Number(process.env.BENCH_SEARCH_RUNS ?? 40);

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

  const posts = Number(process.env.BENCH_POSTS ?? 10_000);
  const { database, pool } = await migratedScratchDatabase(serverUrl, 'blog_bench_search', cleanups);
  await seedDatabase(pool, { posts, plantedWord: 'grzegżółka', plantedShare: 0.01, seed: 1 });
  await pool.query('VACUUM (ANALYZE)');
  const sequelize = createSequelize(database.url);
  cleanups.push(() => sequelize.close());
  print(`${posts} posts seeded`);
  const db = { sequelize };

  const time = async (work: () => Promise<unknown>) => {
    const samples: number[] = [];
    for (let run = 0; run < RUNS; run++) {
      const started = performance.now();
      await work();
      samples.push(performance.now() - started);
    }
    samples.sort((a, b) => a - b);
    return `p50 ${percentile(samples, 50).toFixed(1)} ms, p95 ${percentile(samples, 95).toFixed(1)} ms`;
  };
  print('| query | found | public list | admin list |\n| --- | --- | --- | --- |');
  for (const q of QUERIES) {
    const found = (await listVisiblePosts(db, { q, page: 1, limit: 6 })).total;
    const publicTime = await time(() => listVisiblePosts(db, { q, page: 1, limit: 6 }));
    const adminQuery = adminPostsQuerySchema.parse({ q });
    const adminTime = await time(() => listAdminPostsPage(db, adminQuery));
    print(`| ${q} | ${found} | ${publicTime} | ${adminTime} |`);
  }
} finally {
  for (const cleanup of cleanups.reverse()) await cleanup().catch(() => undefined);
}
