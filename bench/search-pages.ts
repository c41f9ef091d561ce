/**
 * What the search answers, written down to compare two versions of it on the same seeded database
 * (found posts, their order, the counts and the fragments must not change when the search gets
 * faster): for every query of bench:search and a few more, the public list's pages 1, 3 and the last
 * (6 per page; ids, total, fragments) and the admin list's pages 1 and 3 sorted two ways.
 *
 *   BENCH_SEARCH_DATABASE=postgres://…/db node --import tsx bench/search-pages.ts before.json
 *   BENCH_SEARCH_DATABASE=postgres://…/db node --import tsx bench/search-pages.ts after.json before.json
 *
 * The second form also compares with the earlier file and exits 1 on any difference.
 */
import { readFileSync, writeFileSync } from 'node:fs';
import { isDeepStrictEqual } from 'node:util';
import { createSequelize } from '../api/src/db/sequelize.ts';
import { adminPostsQuerySchema, listAdminPostsPage } from '../api/src/modules/posts/admin-posts.list.ts';
import { listVisiblePosts } from '../api/src/modules/posts/posts.service.ts';
import { requireLoopback } from './bench-services.ts';
import { SEARCH_BENCH_QUERIES } from './search-queries.ts';

const QUERIES = [
  ...SEARCH_BENCH_QUERIES,
  // More of each kind: several words, a quoted phrase, a typo, a short term.
  'pracownik zdalnej',
  'zdalnej pracy',
  '„pracy zdalnej”',
  'telefon książka',
  'gleboak',
  'pra',
];
const PER_PAGE = 6;

const url = process.env.BENCH_SEARCH_DATABASE;
const [output, earlier] = process.argv.slice(2);
if (!url || !output)
  throw new Error('usage: BENCH_SEARCH_DATABASE=… search-pages.ts out.json [earlier.json]');
requireLoopback(url, 'BENCH_SEARCH_DATABASE');
const sequelize = createSequelize(url);
const db = { sequelize };
const answers: Record<string, unknown> = {};
try {
  for (const q of QUERIES) {
    const publicPage = async (page: number) => {
      const list = await listVisiblePosts(db, { q, page, limit: PER_PAGE });
      return {
        total: list.total,
        posts: list.rows.map((row) => [row.id, row.reading_time, row.search_fragment ?? null]),
      };
    };
    const first = await publicPage(1);
    const last = Math.max(1, Math.ceil(first.total / PER_PAGE));
    const adminPage = async (sort: string, order: string, page: number) => {
      const list = await listAdminPostsPage(
        db,
        adminPostsQuerySchema.parse({ q, sort, order, page: String(page) }),
      );
      return { page: list.page, ids: list.rows.map((row) => row.id) };
    };
    answers[q] = {
      public: { 1: first, 3: await publicPage(3), [last]: await publicPage(last) },
      admin: {
        'createdAt desc': [await adminPage('createdAt', 'desc', 1), await adminPage('createdAt', 'desc', 3)],
        'title asc': [await adminPage('title', 'asc', 1), await adminPage('title', 'asc', 3)],
      },
    };
    process.stdout.write(`${q}: ${first.total} found\n`);
  }
} finally {
  await sequelize.close();
}
writeFileSync(output, `${JSON.stringify(answers, null, 1)}\n`);
if (earlier) {
  const before = JSON.parse(readFileSync(earlier, 'utf8')) as Record<string, unknown>;
  const after = JSON.parse(readFileSync(output, 'utf8')) as Record<string, unknown>;
  const differing = QUERIES.filter((q) => !isDeepStrictEqual(before[q], after[q]));
  process.stdout.write(
    differing.length === 0
      ? `identical to ${earlier}: ${QUERIES.length} queries\n`
      : `DIFFERENT from ${earlier}: ${differing.join(', ')}\n`,
  );
  if (differing.length > 0) process.exitCode = 1;
}
