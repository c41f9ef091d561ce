/**
 * Admin lists at volume (issue 22): a private database seeded with 100,000 posts, 100,000
 * subscriptions and 500,000 comments (SQL generate_series, seconds; 1 % of the comments waiting for
 * approval; 10,000 reader accounts for the users list), then every variant of GET /api/admin/posts,
 * /comments, /users and /subscriptions (page 1, a late page, searches, each filter, each sort) at a
 * small concurrency: p50/p95 per call and the first screen's data size (gzip, as the API sends it).
 * Each call's statements also run once under EXPLAIN ANALYZE ("database ms": the load of this shared
 * machine inflates the wall-clock figures far more than it does those). Writes
 * bench/results/admin-lists.{json,generated.md}. On demand: `npm run bench:admin` (BENCH_REQUESTS per
 * call, default 40; BENCH_CONCURRENCY, default 4; BENCH_LISTS=posts,comments,users,subscriptions or any
 * of them measures those lists only, written to admin-lists-<lists>.*).
 */
import { execSync } from 'node:child_process';
import { writeFile } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { gzipSync } from 'node:zlib';
import { randomBytes } from 'node:crypto';
import { mkdtemp } from 'node:fs/promises';
import os from 'node:os';
import { loadConfig } from '../api/src/config.ts';
import { createScratchDatabase } from '../api/src/db/scratch-database.ts';
import { runMigrations } from '../api/src/db/migrate.ts';
import { startApiServer } from '../api/src/server.ts';
import { buildUser, clientIp, type TestApi, TestBrowser } from '../api/src/test/index.ts';
import { QueryTypes } from 'sequelize';
import type pg from 'pg';
import { captureSql, explainStatement, type StatementPlan } from './query-plans.ts';

const ADMIN_URL =
  process.env.BENCH_DATABASE_URL ??
  process.env.TEST_DATABASE_URL ??
  'postgres://postgres@127.0.0.1:5432/postgres';
const REDIS_URL = process.env.BENCH_REDIS_URL ?? process.env.TEST_REDIS_URL ?? 'redis://127.0.0.1:6379';

/** The API as production runs it (no response validator), on a private database and Redis prefix. */
async function startBenchApi() {
  const database = await createScratchDatabase(ADMIN_URL, 'blog_bench_admin');
  await runMigrations(database.url);
  const config = loadConfig({
    NODE_ENV: 'production',
    PORT: '0',
    HOST: '127.0.0.1',
    DATABASE_URL: database.url,
    REDIS_URL,
    REDIS_PREFIX: `bench-admin-${randomBytes(4).toString('hex')}`,
    DATA_DIR: await mkdtemp(path.join(os.tmpdir(), 'blog-bench-admin-')),
    SESSION_SECRET: randomBytes(32).toString('base64url'),
    ENCRYPTION_KEY: randomBytes(32).toString('hex'),
    PUBLIC_URL: 'http://localhost:3000',
    LOG_LEVEL: 'silent',
    TRUST_PROXY: '1',
  });
  const server = await startApiServer(config);
  const base = `http://127.0.0.1:${server.port}`;
  const api = {
    ...server,
    config,
    // As behind the TLS proxy of production: the session cookie is Secure.
    fetch: (pathname: string, init?: RequestInit) =>
      fetch(`${base}${pathname}`, {
        ...init,
        headers: { ...(init?.headers as Record<string, string>), 'x-forwarded-proto': 'https' },
      }),
  };
  return { api: api as unknown as TestApi, database };
}

const ROOT = fileURLToPath(new URL('..', import.meta.url));
const REQUESTS = Number(process.env.BENCH_REQUESTS ?? 40);
const CONCURRENCY = Number(process.env.BENCH_CONCURRENCY ?? 4);
const TARGET_MS = 50;
const log = (message: string) => process.stderr.write(`[bench:admin] ${message}\n`);

const SEED = `
INSERT INTO users (username, email, password_hash, role, display_name)
  SELECT 'autor' || i, 'autor' || i || '@example.com', 'x', 'publisher', 'Autor ' || i FROM generate_series(1, 20) i;
INSERT INTO users (username, email, password_hash, role, display_name, is_active)
  SELECT 'czytelnik' || i, CASE WHEN i % 10 <> 0 THEN 'czytelnik' || i || '@example.com' END, 'x', 'subscriber',
         CASE WHEN i % 4 = 0 THEN 'Łucja Żółkiewska ' || i ELSE 'Czytelnik ' || i END, i % 25 <> 0
    FROM generate_series(1, 10000) i;
INSERT INTO categories (name) SELECT 'Kategoria ' || i FROM generate_series(1, 10) i;
INSERT INTO posts (title, slug, content, content_text, excerpt, published, user_id, created_at, updated_at, scheduled_at)
  SELECT 'Wpis ' || i || CASE WHEN i % 7 = 0 THEN ' zażółć gęślą jaźń' ELSE ' o programowaniu' END,
         'wpis-' || i, '<p>Treść wpisu ' || i || '</p>', 'Treść wpisu ' || i, 'Zajawka ' || i,
         i % 5 <> 0, (SELECT min(id) FROM users WHERE username LIKE 'autor%') + i % 20,
         now() - make_interval(mins => i), now() - make_interval(mins => i % 997),
         CASE WHEN i % 50 = 0 THEN now() + interval '1 day' END
    FROM generate_series(1, 100000) i;
INSERT INTO post_categories (post_id, category_id)
  SELECT p.id, (SELECT min(id) FROM categories) + p.id % 10 FROM posts p;
INSERT INTO user_subscriptions (email, category_id, active, created_at, updated_at)
  SELECT 'czytelnik' || i || '@example.com', (SELECT min(id) FROM categories) + i % 10, i % 3 <> 0,
         now() - make_interval(mins => i), now()
    FROM generate_series(1, 100000) i;
-- One comment every 5 minutes, newest first: 500,000 over ~4.75 years (~2,000 a week), as a live
-- blog spreads them; the week buckets of comment_list_counts would be meaningless over a few days.
INSERT INTO comments (content, author, email, post_id, created_at, status)
  SELECT 'Komentarz ' || i || CASE WHEN i % 7 = 0 THEN ' zażółć gęślą jaźń' ELSE ' o artykule, dzięki' END,
         'Czytelnik ' || i, 'c' || i || '@example.com',
         (SELECT min(id) FROM posts) + i % 100000, now() - make_interval(secs => i * 300),
         CASE WHEN i % 100 = 0 THEN 'pending' ELSE 'approved' END
    FROM generate_series(1, 500000) i;
`;

interface CallResult {
  list: string;
  name: string;
  query: string;
  p50: number;
  p95: number;
  gzipBytes: number;
  total: number;
  /** False when the list stopped counting (the total is a lower bound). */
  totalExact: boolean;
  /** PostgreSQL's own time for one request: its statements under EXPLAIN ANALYZE, summed. */
  dbMs: number;
  statements: StatementPlan[];
}

const percentile = (sorted: number[], p: number) =>
  sorted[Math.min(sorted.length - 1, Math.floor(sorted.length * p))]!;

/**
 * The statements one request sends, each run again under EXPLAIN (ANALYZE, BUFFERS) on the API's own
 * pool (so with its session settings, JIT among them): the database's share of a call, which the
 * load of a shared machine changes far less than the wall-clock percentiles.
 */
async function explainCall(api: TestApi, browser: TestBrowser, path: string) {
  const sequelize = api.runtime.sequelize;
  const sql = await captureSql(sequelize, async () => {
    await (await browser.call('GET', path)).text();
  });
  const pool = {
    query: async (text: string) => ({ rows: await sequelize.query(text, { type: QueryTypes.SELECT }) }),
  } as unknown as pg.Pool;
  const statements: StatementPlan[] = [];
  for (const statement of sql) statements.push(await explainStatement(pool, statement));
  const dbMs = Math.round(statements.reduce((sum, plan) => sum + plan.executionMs, 0) * 10) / 10;
  return { dbMs, statements };
}

async function measure(
  browser: TestBrowser,
  list: string,
  name: string,
  query: string,
): Promise<Omit<CallResult, 'dbMs' | 'statements'>> {
  const times: number[] = [];
  let body = '';
  let next = 0;
  const worker = async () => {
    while (next < REQUESTS) {
      next += 1;
      const started = performance.now();
      const res = await browser.call('GET', `/api/admin/${list}?${query}`);
      body = await res.text();
      times.push(performance.now() - started);
      if (res.status !== 200) throw new Error(`${query}: ${res.status} ${body}`);
    }
  };
  await Promise.all(Array.from({ length: CONCURRENCY }, worker));
  times.sort((a, b) => a - b);
  const round = (ms: number) => Math.round(ms * 10) / 10;
  return {
    list,
    name,
    query,
    p50: round(percentile(times, 0.5)),
    p95: round(percentile(times, 0.95)),
    gzipBytes: gzipSync(body).length,
    ...(({ total, totalExact }) => ({ total, totalExact: totalExact ?? true }))(
      JSON.parse(body) as { total: number; totalExact?: boolean },
    ),
  };
}

const POST_CALLS: [string, string][] = [
  // The floor: an author with no posts is one index probe, so this is sign-in check + HTTP + JSON.
  ['floor (no match)', 'author=2147483647'],
  ['page 1 (the screen)', ''],
  ['late page (5,000 of 10,000)', 'page=5000'],
  ['last page', 'page=10000'],
  ['search, common word', 'q=programowaniu'],
  ['search, Polish letters', 'q=g%C4%99%C5%9Bl%C4%85'],
  ['search, rare (one post)', 'q=wpis-99999'],
  ['search, two letters', 'q=zy'],
  ['status published', 'status=published'],
  ['status hidden', 'status=hidden'],
  ['status draft', 'status=draft'],
  ['status scheduled', 'status=scheduled'],
  ['author', 'author=AUTHOR'],
  ['category', 'category=CATEGORY'],
  ['sort title asc', 'sort=title&order=asc'],
  ['sort title desc', 'sort=title&order=desc'],
  ['sort updatedAt desc', 'sort=updatedAt'],
  ['sort createdAt asc', 'order=asc'],
  ['limit 100', 'limit=100'],
  ['search + status + sort', 'q=programowaniu&status=draft&sort=title&order=asc'],
];

/** GET /api/admin/comments: 20 a page, search over author, e-mail and content, status, post, sorts. */
const COMMENT_CALLS: [string, string][] = [
  ['page 1 (the screen)', ''],
  ['late page (12,500 of 25,000)', 'page=12500'],
  ['last page', 'page=25000'],
  // The middle of the approved comments oldest first, and of the author sort (walked as before).
  ['late page, approved, oldest first', 'status=approved&order=asc&page=12375'],
  ['late page, by author', 'sort=author&page=12500'],
  ['late page, by author, oldest first', 'sort=author&order=asc&page=12500'],
  ['late page, by author, approved', 'sort=author&status=approved&page=12375'],
  ['late page, by author, pending oldest first', 'sort=author&status=pending&order=asc&page=125'],
  ['search, common word', 'q=artykule'],
  ['search, Polish letters', 'q=g%C4%99%C5%9Bl%C4%85'],
  ['search, rare (one comment)', 'q=c123457%40'],
  ['search, two letters', 'q=zy'],
  ['status pending (the queue)', 'status=pending'],
  ['status approved', 'status=approved'],
  ['post', 'post=POST'],
  ['sort author asc', 'sort=author&order=asc'],
  ['sort createdAt asc', 'order=asc'],
  ['limit 100', 'limit=100'],
  ['dashboard (limit 5)', 'limit=5'],
  ['search + status + sort', 'q=artykule&status=pending&sort=author&order=asc'],
];

/** GET /api/admin/users: search over username, display name and e-mail, role, status, sorts. */
const USER_CALLS: [string, string][] = [
  ['page 1 (the screen)', ''],
  ['last page', 'page=501'],
  ['search, Polish letters', 'q=%C5%BC%C3%B3%C5%82kiewska'],
  ['search, rare (one account)', 'q=czytelnik9999%40'],
  ['role subscriber', 'role=subscriber'],
  ['status inactive', 'status=inactive'],
  ['sort createdAt desc', 'sort=createdAt&order=desc'],
  ['sort email', 'sort=email'],
];

/** GET /api/admin/subscriptions: search over e-mail and category, status, category, sorts. */
const SUBSCRIPTION_CALLS: [string, string][] = [
  ['page 1 (the screen)', ''],
  ['late page (2,500 of 5,000)', 'page=2500'],
  ['last page', 'page=5000'],
  ['search, common', 'q=czytelnik1'],
  ['search, rare (one row)', 'q=czytelnik99999%40'],
  ['search, category name', 'q=kategoria%203'],
  ['status active', 'status=active'],
  ['status inactive', 'status=inactive'],
  ['status pending (none)', 'status=pending'],
  ['category', 'category=CATEGORY'],
  ['category + inactive', 'category=CATEGORY&status=inactive'],
  ['sort email asc', 'sort=email&order=asc'],
  ['sort createdAt asc', 'order=asc'],
  ['limit 100', 'limit=100'],
];

const LISTS: Record<string, [string, string][]> = {
  posts: POST_CALLS,
  comments: COMMENT_CALLS,
  users: USER_CALLS,
  subscriptions: SUBSCRIPTION_CALLS,
};
const ONLY = process.env.BENCH_LISTS?.split(',');
if (ONLY?.some((list) => !(list in LISTS))) {
  throw new Error(`BENCH_LISTS must name some of ${Object.keys(LISTS).join(', ')}`);
}
const SELECTED = Object.entries(LISTS).filter(([list]) => ONLY === undefined || ONLY.includes(list));
const RESULT_NAME = ONLY === undefined ? 'admin-lists' : `admin-lists-${ONLY.join('-')}`;

async function main() {
  const started = Date.now();
  const loadAtStart = os.loadavg().map((value) => Math.round(value * 100) / 100);
  const { api, database } = await startBenchApi();
  try {
    log('seeding 100,000 posts, 100,000 subscriptions, 500,000 comments');
    const seedStarted = Date.now();
    await api.runtime.sequelize.query(SEED);
    // The steady state autovacuum keeps on a live site (visibility map set, statistics fresh), as
    // npm run bench does; VACUUM cannot run inside the seed's multi-statement transaction.
    await api.runtime.sequelize.query('VACUUM (ANALYZE)');
    const seedSeconds = (Date.now() - seedStarted) / 1000;
    const [[ids]] = (await api.runtime.sequelize.query(
      "SELECT (SELECT min(id) FROM users WHERE username LIKE 'autor%') AS author, (SELECT min(id) FROM categories) AS category, (SELECT min(id) FROM posts) AS post",
    )) as [[{ author: number; category: number; post: number }], unknown];
    const password = 'Dobre-Hasło1';
    const admin = await buildUser({ role: 'admin', password });
    const browser = new TestBrowser(api, clientIp());
    await browser.signIn(admin.username, password);
    const results: CallResult[] = [];
    for (const [list, calls] of SELECTED) {
      for (const [name, raw] of calls) {
        const query = raw
          .replace('AUTHOR', () => String(ids.author))
          .replace('CATEGORY', () => String(ids.category))
          .replace('POST', () => String(ids.post));
        await measure(browser, list, name, query); // warm-up round, not counted
        const result = {
          ...(await measure(browser, list, name, query)),
          ...(await explainCall(api, browser, `/api/admin/${list}?${query}`)),
        };
        log(
          `${list} ${name}: p50 ${result.p50} ms, p95 ${result.p95} ms, database ${result.dbMs} ms, ${result.gzipBytes} B gzip`,
        );
        results.push(result);
      }
    }
    const report = {
      date: new Date().toISOString(),
      commit: execSync('git rev-parse --short HEAD', { cwd: ROOT }).toString().trim(),
      loadAverage: { start: loadAtStart, end: os.loadavg().map((value) => Math.round(value * 100) / 100) },
      requests: REQUESTS,
      concurrency: CONCURRENCY,
      seedSeconds,
      results,
    };
    const dir = path.join(ROOT, 'bench', 'results');
    await writeFile(path.join(dir, `${RESULT_NAME}.json`), `${JSON.stringify(report, null, 2)}\n`);
    const rows = results.map(
      (r) =>
        `| ${r.list} | ${r.name} | \`${r.query || '(none)'}\` | ${r.totalExact ? r.total : `> ${r.total - 1}`} | ${r.p50} | ${r.p95} | ${r.p95 <= TARGET_MS ? 'yes' : '**no**'} | ${r.dbMs} | ${(r.gzipBytes / 1024).toFixed(1)} |`,
    );
    await writeFile(
      path.join(dir, `${RESULT_NAME}.generated.md`),
      [
        `Run ${report.date} (commit ${report.commit}): ${REQUESTS} requests per call at concurrency ${CONCURRENCY} after a warm-up round; seed ${seedSeconds.toFixed(1)} s; load average ${report.loadAverage.start.join(' / ')} at start, ${report.loadAverage.end.join(' / ')} at the end (2 cores).`,
        '',
        '| list | call | query | total | p50 ms | p95 ms | ≤ 50 ms p95 | database ms | gzip kB |',
        '|---|---|---|---|---|---|---|---|---|',
        ...rows,
        '',
      ].join('\n'),
    );
    log(`done in ${((Date.now() - started) / 1000).toFixed(0)} s`);
  } finally {
    await api.close();
    await database.drop();
  }
}

await main();
