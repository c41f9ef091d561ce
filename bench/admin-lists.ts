/**
 * Admin lists at volume (issue 22): a private database seeded with 100,000 posts, 100,000
 * subscriptions and 500,000 comments (SQL generate_series, seconds), then every variant of
 * GET /api/admin/posts (page 1, a late page, searches, each filter, each sort) at a small
 * concurrency: p50/p95 per call and the first screen's data size (gzip, as the API sends it).
 * Writes bench/results/admin-lists.{json,md}. On demand: `npm run bench:admin` (BENCH_REQUESTS per
 * call, default 40; BENCH_CONCURRENCY, default 4). The users and subscriptions lists are measured
 * too (10,000 reader accounts are seeded for the first); BENCH_LISTS=users,subscriptions measures
 * only those and writes admin-lists-users-subscriptions.{json,generated.md} instead.
 */
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
INSERT INTO comments (content, author, email, post_id, created_at)
  SELECT 'Komentarz ' || i, 'Czytelnik ' || i, 'c' || i || '@example.com',
         (SELECT min(id) FROM posts) + i % 100000, now() - make_interval(secs => i)
    FROM generate_series(1, 500000) i;
ANALYZE;
`;

interface CallResult {
  name: string;
  query: string;
  p50: number;
  p95: number;
  gzipBytes: number;
  total: number;
}

const percentile = (sorted: number[], p: number) =>
  sorted[Math.min(sorted.length - 1, Math.floor(sorted.length * p))]!;

async function measure(
  browser: TestBrowser,
  name: string,
  query: string,
  list = '/api/admin/posts',
): Promise<CallResult> {
  const times: number[] = [];
  let body = '';
  let next = 0;
  const worker = async () => {
    while (next < REQUESTS) {
      next += 1;
      const started = performance.now();
      const res = await browser.call('GET', `${list}?${query}`);
      body = await res.text();
      times.push(performance.now() - started);
      if (res.status !== 200) throw new Error(`${query}: ${res.status} ${body}`);
    }
  };
  await Promise.all(Array.from({ length: CONCURRENCY }, worker));
  times.sort((a, b) => a - b);
  const round = (ms: number) => Math.round(ms * 10) / 10;
  return {
    name,
    query,
    p50: round(percentile(times, 0.5)),
    p95: round(percentile(times, 0.95)),
    gzipBytes: gzipSync(body).length,
    total: (JSON.parse(body) as { total: number }).total,
  };
}

const CALLS: [string, string][] = [
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

/** The other lists of the panel: each call's path and query. */
const OTHER_CALLS: Record<string, [string, string][]> = {
  users: [
    ['users: page 1 (the screen)', ''],
    ['users: last page', 'page=501'],
    ['users: search, Polish letters', 'q=%C5%BC%C3%B3%C5%82kiewska'],
    ['users: search, rare (one account)', 'q=czytelnik9999%40'],
    ['users: role subscriber', 'role=subscriber'],
    ['users: status inactive', 'status=inactive'],
    ['users: sort createdAt desc', 'sort=createdAt&order=desc'],
    ['users: sort email', 'sort=email'],
  ],
  subscriptions: [
    ['subscriptions: page 1 (the screen)', ''],
    ['subscriptions: late page (2,500 of 5,000)', 'page=2500'],
    ['subscriptions: last page', 'page=5000'],
    ['subscriptions: search, common', 'q=czytelnik1'],
    ['subscriptions: search, rare (one row)', 'q=czytelnik99999%40'],
    ['subscriptions: search, category name', 'q=kategoria%203'],
    ['subscriptions: status active', 'status=active'],
    ['subscriptions: status inactive', 'status=inactive'],
    ['subscriptions: status pending (none)', 'status=pending'],
    ['subscriptions: category', 'category=CATEGORY'],
    ['subscriptions: category + inactive', 'category=CATEGORY&status=inactive'],
    ['subscriptions: sort email asc', 'sort=email&order=asc'],
    ['subscriptions: sort createdAt asc', 'order=asc'],
    ['subscriptions: limit 100', 'limit=100'],
  ],
};
const LISTS = (process.env.BENCH_LISTS ?? 'posts,users,subscriptions').split(',');
const ALL_LISTS = ['posts', ...Object.keys(OTHER_CALLS)].every((list) => LISTS.includes(list));
const RESULT_NAME = ALL_LISTS ? 'admin-lists' : `admin-lists-${LISTS.join('-')}`;

/** [name, query, path] of every call of the lists asked for. */
const selectedCalls = (): [string, string, string][] => [
  ...(LISTS.includes('posts')
    ? CALLS.map(([name, query]): [string, string, string] => [name, query, '/api/admin/posts'])
    : []),
  ...Object.entries(OTHER_CALLS)
    .filter(([list]) => LISTS.includes(list))
    .flatMap(([list, calls]) =>
      calls.map(([name, query]): [string, string, string] => [name, query, `/api/admin/${list}`]),
    ),
];

async function main() {
  const started = Date.now();
  const { api, database } = await startBenchApi();
  try {
    log('seeding 100,000 posts, 100,000 subscriptions, 500,000 comments');
    const seedStarted = Date.now();
    await api.runtime.sequelize.query(SEED);
    const seedSeconds = (Date.now() - seedStarted) / 1000;
    const [[ids]] = (await api.runtime.sequelize.query(
      "SELECT (SELECT min(id) FROM users WHERE username LIKE 'autor%') AS author, (SELECT min(id) FROM categories) AS category",
    )) as [[{ author: number; category: number }], unknown];
    const password = 'Dobre-Hasło1';
    const admin = await buildUser({ role: 'admin', password });
    const browser = new TestBrowser(api, clientIp());
    await browser.signIn(admin.username, password);
    const results: CallResult[] = [];
    for (const [name, raw, list] of selectedCalls()) {
      const query = raw
        .replace('AUTHOR', () => String(ids.author))
        .replace('CATEGORY', () => String(ids.category));
      await measure(browser, name, query, list); // warm-up round, not counted
      const result = await measure(browser, name, query, list);
      log(`${name}: p50 ${result.p50} ms, p95 ${result.p95} ms, ${result.gzipBytes} B gzip`);
      results.push(result);
    }
    const report = {
      date: new Date().toISOString(),
      requests: REQUESTS,
      concurrency: CONCURRENCY,
      seedSeconds,
      results,
    };
    const dir = path.join(ROOT, 'bench', 'results');
    await writeFile(path.join(dir, `${RESULT_NAME}.json`), `${JSON.stringify(report, null, 2)}\n`);
    const rows = results.map(
      (r) =>
        `| ${r.name} | \`${r.query || '(none)'}\` | ${r.total} | ${r.p50} | ${r.p95} | ${r.p95 <= TARGET_MS ? 'yes' : '**no**'} | ${(r.gzipBytes / 1024).toFixed(1)} |`,
    );
    await writeFile(
      path.join(dir, `${RESULT_NAME}.generated.md`),
      [
        `Run ${report.date}: ${REQUESTS} requests per call at concurrency ${CONCURRENCY} after a warm-up round; seed ${seedSeconds.toFixed(1)} s.`,
        '',
        '| call | query | total | p50 ms | p95 ms | ≤ 50 ms p95 | gzip kB |',
        '|---|---|---|---|---|---|---|',
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
