/**
 * Admin lists at volume (issue 22): a private database seeded with 100,000 posts, 100,000
 * subscriptions and 500,000 comments (SQL generate_series, seconds), then every variant of
 * GET /api/admin/posts (page 1, a late page, searches, each filter, each sort) at a small
 * concurrency: p50/p95 per call and the first screen's data size (gzip, as the API sends it).
 * Each call's statements also run once under EXPLAIN ANALYZE ("database ms": the load of this shared
 * machine inflates the wall-clock figures far more than it does those). Writes
 * bench/results/admin-lists.json and admin-lists.generated.md. On demand: `npm run bench:admin` (BENCH_REQUESTS per
 * call, default 40; BENCH_CONCURRENCY, default 4).
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
`;

interface CallResult {
  name: string;
  /** The request path, query string included. */
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
      const res = await browser.call('GET', query);
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
    ...(({ total, totalExact }) => ({ total, totalExact: totalExact ?? true }))(
      JSON.parse(body) as { total: number; totalExact?: boolean },
    ),
  };
}

const POSTS = '/api/admin/posts?';
/** Name and request path of every measured call; another list's calls are entries of their own. */
const CALLS: [string, string][] = [
  // The floor: an author with no posts is one index probe, so this is sign-in check + HTTP + JSON.
  ['floor (no match)', `${POSTS}author=2147483647`],
  ['page 1 (the screen)', `${POSTS}`],
  ['late page (5,000 of 10,000)', `${POSTS}page=5000`],
  ['last page', `${POSTS}page=10000`],
  ['search, common word', `${POSTS}q=programowaniu`],
  ['search, Polish letters', `${POSTS}q=g%C4%99%C5%9Bl%C4%85`],
  ['search, rare (one post)', `${POSTS}q=wpis-99999`],
  ['search, two letters', `${POSTS}q=zy`],
  ['status published', `${POSTS}status=published`],
  ['status hidden', `${POSTS}status=hidden`],
  ['status draft', `${POSTS}status=draft`],
  ['status scheduled', `${POSTS}status=scheduled`],
  ['author', `${POSTS}author=AUTHOR`],
  ['category', `${POSTS}category=CATEGORY`],
  ['sort title asc', `${POSTS}sort=title&order=asc`],
  ['sort title desc', `${POSTS}sort=title&order=desc`],
  ['sort updatedAt desc', `${POSTS}sort=updatedAt`],
  ['sort createdAt asc', `${POSTS}order=asc`],
  ['limit 100', `${POSTS}limit=100`],
  ['search + status + sort', `${POSTS}q=programowaniu&status=draft&sort=title&order=asc`],
];

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
      "SELECT (SELECT min(id) FROM users WHERE username LIKE 'autor%') AS author, (SELECT min(id) FROM categories) AS category",
    )) as [[{ author: number; category: number }], unknown];
    const password = 'Dobre-Hasło1';
    const admin = await buildUser({ role: 'admin', password });
    const browser = new TestBrowser(api, clientIp());
    await browser.signIn(admin.username, password);
    const results: CallResult[] = [];
    for (const [name, raw] of CALLS) {
      const query = raw
        .replace('AUTHOR', () => String(ids.author))
        .replace('CATEGORY', () => String(ids.category));
      await measure(browser, name, query); // warm-up round, not counted
      const result = {
        ...(await measure(browser, name, query)),
        ...(await explainCall(api, browser, query)),
      };
      log(
        `${name}: p50 ${result.p50} ms, p95 ${result.p95} ms, database ${result.dbMs} ms, ${result.gzipBytes} B gzip`,
      );
      results.push(result);
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
    await writeFile(path.join(dir, 'admin-lists.json'), `${JSON.stringify(report, null, 2)}\n`);
    const rows = results.map(
      (r) =>
        `| ${r.name} | \`${r.query}\` | ${r.totalExact ? r.total : `> ${r.total - 1}`} | ${r.p50} | ${r.p95} | ${r.p95 <= TARGET_MS ? 'yes' : '**no**'} | ${r.dbMs} | ${(r.gzipBytes / 1024).toFixed(1)} |`,
    );
    await writeFile(
      path.join(dir, 'admin-lists.generated.md'),
      [
        `Run ${report.date} (commit ${report.commit}): ${REQUESTS} requests per call at concurrency ${CONCURRENCY} after a warm-up round; seed ${seedSeconds.toFixed(1)} s; load average ${report.loadAverage.start.join(' / ')} at start, ${report.loadAverage.end.join(' / ')} at the end (2 cores).`,
        '',
        '| call | request | total | p50 ms | p95 ms | ≤ 50 ms p95 | database ms | gzip kB |',
        '|---|---|---|---|---|---|---|---|',
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
