/**
 * Admin lists at volume: a private database seeded with 100,000 posts, 100,000
 * subscriptions and 500,000 comments (SQL generate_series; 1 % of the comments waiting for approval;
 * 10,000 reader accounts for the users list), then every variant of GET /api/admin/posts, /comments,
 * /users and /subscriptions (page 1, a late page, searches, each filter, each sort).
 *
 * Measured as `npm run bench` measures the public side: the API built and started as production
 * starts it (its own process, NODE_ENV=production, access log on), an admin signed in, the load from
 * autocannon in a child process, and beside it a bare Node http server answering the same status,
 * headers and bytes (the ceiling). BENCH_ROUNDS interleaved rounds (the API first in odd rounds, the
 * ceiling first in even ones), each BENCH_REQUESTS requests per call and target at BENCH_CONCURRENCY
 * connections; the report gives the medians over rounds of each round's p50 and p95. Each call's
 * statements also run once under EXPLAIN ANALYZE on an in-process API's pool ("database ms"), and the
 * first screen's size is gzipped as the API sends it. Writes bench/results/admin-lists.{json,generated.md};
 * BENCH_LISTS=posts,comments,users,subscriptions (any of them) measures those lists only, written to
 * admin-lists-<lists>.*. BENCH_CPU_PROF=<dir> profiles the API process (bench/cpu-profile-summary.ts).
 */
import { execSync } from 'node:child_process';
import { copyFile, mkdtemp, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { gzipSync } from 'node:zlib';
import type pg from 'pg';
import { QueryTypes } from 'sequelize';
import type { Sequelize } from 'sequelize-typescript';
import { loadConfig } from '../api/src/config.ts';
import { startApiServer } from '../api/src/server.ts';
import type { TestBrowser } from '../api/test/browser.ts';
import { API_NODE_FLAGS } from '../infra/src/build-server.ts';
import type { AdminRoundResult, AdminRoundSpec, AdminTarget } from './admin-load-generator.ts';
import type { LoadResult } from './autocannon-run.ts';
import {
  benchRedisPrefix,
  deleteBenchRedisKeys,
  migratedScratchDatabase,
  requireLoopback,
} from './bench-services.ts';
import { startCeiling } from './ceiling.ts';
import { runGenerator, stopLoadGenerators } from './load-runner.ts';
import { productionEnv, startNodeProcess, startProductionApi } from './production-processes.ts';
import { captureSql, explainStatement, type StatementPlan } from './query-plans.ts';
import { LISTS, SEED } from './admin-lists-data.ts';
import { scriptRun } from './script-run.ts';
import { signInEditor } from './write-load.ts';

const ADMIN_URL =
  process.env.BENCH_DATABASE_URL ??
  process.env.TEST_DATABASE_URL ??
  'postgres://postgres@127.0.0.1:5432/postgres';
const REDIS_URL = process.env.BENCH_REDIS_URL ?? process.env.TEST_REDIS_URL ?? 'redis://127.0.0.1:6379';
const ROOT = fileURLToPath(new URL('..', import.meta.url));
const GENERATOR = fileURLToPath(new URL('./admin-load-generator.ts', import.meta.url));
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 3);
/** Per call, target and round: p95 is then the 15th slowest of 300, not the 2nd of 40. */
const REQUESTS = Number(process.env.BENCH_REQUESTS ?? 300);
const CONCURRENCY = Number(process.env.BENCH_CONCURRENCY ?? 4);
/** Unmeasured requests before each call's measured ones (JIT, pools, the database's buffers). */
const WARMUP_REQUESTS = Number(process.env.BENCH_WARMUP_REQUESTS ?? 20);
const TARGET_MS = 50;
/** Another build of the API to load beside this one in every round (an A/B on the same data and load). */
const BASELINE_ENTRY = process.env.BENCH_BASELINE_ENTRY || undefined;
const log = (message: string) => process.stderr.write(`[bench:admin] ${message}\n`);

/** One target's figures for a call: the medians over rounds of each round's percentiles. */
interface TargetFigures {
  p50: number;
  p95: number;
  /** Every round's p95, in round order (the spread the median hides). */
  p95ByRound: number[];
  /** Median over rounds: at a fixed concurrency, the inverse of the time each request holds the server. */
  requestsPerSecond: number;
  /** The server process's CPU time per request (all threads, GC included), median over rounds. */
  cpuMsPerRequest?: number;
  requests: number;
}

interface CallResult {
  list: string;
  name: string;
  query: string;
  api: TargetFigures;
  /** The same call on BENCH_BASELINE_ENTRY (another build), when given. */
  baseline?: TargetFigures;
  ceiling: TargetFigures;
  gzipBytes: number;
  total: number;
  /** False when the list stopped counting (the total is a lower bound). */
  totalExact: boolean;
  /** PostgreSQL's own time for one request: its statements under EXPLAIN ANALYZE, summed. */
  dbMs: number;
  statements: StatementPlan[];
}

const round1 = (ms: number) => Math.round(ms * 10) / 10;
const median = (values: number[]) => {
  const sorted = [...values].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[middle]! : (sorted[middle - 1]! + sorted[middle]!) / 2;
};

function figures(rounds: AdminRoundResult[], target: string): TargetFigures {
  const loads: LoadResult[] = rounds.map((r) => r.results[target]!);
  const cpu = rounds.flatMap((r) => r.cpuMsPerRequest[target] ?? []);
  return {
    p50: round1(median(loads.map((r) => r.latencyMs.p50))),
    p95: round1(median(loads.map((r) => r.latencyMs.p95))),
    p95ByRound: loads.map((r) => round1(r.latencyMs.p95)),
    requestsPerSecond: Math.round(median(loads.map((r) => r.requestsPerSecond))),
    ...(cpu.length > 0 ? { cpuMsPerRequest: Math.round(median(cpu) * 100) / 100 } : {}),
    requests: loads.reduce((sum, r) => sum + r.totalRequests, 0),
  };
}

/**
 * The statements one request sends, each run again under EXPLAIN (ANALYZE, BUFFERS) on the API's own
 * pool (so with its session settings, JIT among them): the database's share of a call, which the
 * load of a shared machine changes far less than the wall-clock percentiles.
 */
async function explainCall(sequelize: Sequelize, browser: TestBrowser, requestPath: string) {
  const sql = await captureSql(sequelize, async () => {
    const res = await browser.call('GET', requestPath);
    const body = await res.text();
    if (res.status !== 200) throw new Error(`${requestPath}: ${res.status} ${body}`);
  });
  const pool = {
    query: async (text: string) => ({ rows: await sequelize.query(text, { type: QueryTypes.SELECT }) }),
  } as unknown as pg.Pool;
  const statements: StatementPlan[] = [];
  for (const statement of sql) statements.push(await explainStatement(pool, statement));
  const dbMs = round1(statements.reduce((sum, plan) => sum + plan.executionMs, 0));
  return { dbMs, statements };
}

const ONLY = process.env.BENCH_LISTS?.split(',');
if (ONLY?.some((list) => !(list in LISTS))) {
  throw new Error(`BENCH_LISTS must name some of ${Object.keys(LISTS).join(', ')}`);
}
const SELECTED = Object.entries(LISTS).filter(([list]) => ONLY === undefined || ONLY.includes(list));
/** BENCH_CALLS="floor (no match)" (names, comma-separated) measures those calls only, e.g. to profile one. */
const ONLY_CALLS = process.env.BENCH_CALLS?.split(',');
const RESULT_NAME = ONLY === undefined ? 'admin-lists' : `admin-lists-${ONLY.join('-')}`;

interface Call {
  list: string;
  name: string;
  query: string;
  path: string;
}

const loadAverage = () => os.loadavg().map((value) => Math.round(value * 100) / 100);
const { cleanups, run } = scriptRun(log);

async function main(): Promise<boolean> {
  const started = Date.now();
  const loadAtStart = loadAverage();
  requireLoopback(ADMIN_URL, 'BENCH_DATABASE_URL');
  requireLoopback(REDIS_URL, 'BENCH_REDIS_URL');
  const { database, pool } = await migratedScratchDatabase(ADMIN_URL, 'blog_bench_admin', cleanups);

  log('seeding 100,000 posts, 100,000 subscriptions, 500,000 comments');
  const seedStarted = Date.now();
  await pool.query(SEED);
  // The steady state autovacuum keeps on a live site (visibility map set, statistics fresh), as
  // npm run bench does; VACUUM cannot run inside the seed's multi-statement transaction.
  await pool.query('VACUUM (ANALYZE)');
  const seedSeconds = (Date.now() - seedStarted) / 1000;
  const {
    rows: [ids],
  } = await pool.query<{ author: number; category: number; post: number }>(
    "SELECT (SELECT min(id) FROM users WHERE username LIKE 'autor%') AS author, (SELECT min(id) FROM categories) AS category, (SELECT min(id) FROM posts) AS post",
  );
  const calls: Call[] = SELECTED.flatMap(([list, entries]) =>
    entries
      .filter(([name]) => ONLY_CALLS === undefined || ONLY_CALLS.includes(name))
      .map(([name, raw]) => {
        const query = raw
          .replace('AUTHOR', () => String(ids!.author))
          .replace('CATEGORY', () => String(ids!.category))
          .replace('POST', () => String(ids!.post));
        return { list, name, query, path: `/api/admin/${list}?${query}` };
      }),
  );

  const redisPrefix = benchRedisPrefix();
  cleanups.push(() => deleteBenchRedisKeys(REDIS_URL, redisPrefix));
  const dataDir = await mkdtemp(path.join(os.tmpdir(), 'blog-bench-admin-'));
  cleanups.push(() => rm(dataDir, { recursive: true, force: true }));
  const env = productionEnv({ databaseUrl: database.url, redisUrl: REDIS_URL, redisPrefix, dataDir });

  // 1. The database's share: an in-process API whose SQL is captured, one request per call.
  const plans = new Map<string, Awaited<ReturnType<typeof explainCall>>>();
  const inProcess = await startApiServer(loadConfig({ ...env, LOG_LEVEL: 'silent' }));
  try {
    const browser = await signInEditor(pool, `http://127.0.0.1:${inProcess.port}`);
    for (const call of calls) {
      // Twice: the first request of a statement plans it cold.
      await explainCall(inProcess.runtime.sequelize, browser, call.path);
      plans.set(call.path, await explainCall(inProcess.runtime.sequelize, browser, call.path));
    }
  } finally {
    await inProcess.close();
  }

  // 2. The API as production runs it, an admin signed in, and the ceiling answering its bytes.
  const api = await startProductionApi(ROOT, env);
  cleanups.push(() => api.stop());
  log(`API pid ${api.pid} ready in ${api.coldStartMs} ms`);
  const admin = await signInEditor(pool, api.origin);
  // As behind the TLS proxy of production: the session cookie is Secure.
  const headers = { cookie: admin.cookieHeader(), 'x-forwarded-proto': 'https' };
  const ceiling = await startCeiling(
    api.origin,
    calls.map((call) => call.path),
    dataDir,
    headers,
  );
  cleanups.push(() => ceiling.stop());
  for (const answer of ceiling.recorded) {
    if (answer.status !== 200) {
      throw new Error(
        `${answer.path}: ${answer.status} ${Buffer.from(answer.bodyBase64, 'base64').toString()}`,
      );
    }
  }
  const targets: AdminTarget[] = [
    { name: 'api', origin: api.origin, pid: api.pid },
    { name: 'ceiling', origin: ceiling.origin },
  ];
  if (BASELINE_ENTRY) {
    const baseline = await startBaselineApi(env);
    cleanups.push(() => baseline.stop());
    log(`baseline API (${BASELINE_ENTRY}) pid ${baseline.pid} ready in ${baseline.coldStartMs} ms`);
    // Its own session: the same admin, signed in again (sessions are shared through Redis anyway).
    await signInEditor(pool, baseline.origin);
    targets.splice(1, 0, { name: 'baseline', origin: baseline.origin, pid: baseline.pid });
  }

  // 3. Interleaved rounds, each in a load generator process of its own.
  cleanups.push(async () => stopLoadGenerators());
  const rounds: AdminRoundResult[][] = [];
  /** At the start of each round: the start and end figures alone miss a neighbour's burst. */
  const loadByRound: number[][] = [];
  for (let n = 1; n <= ROUNDS; n += 1) {
    // Each round starts with the next target, so none is always first (or always right after another).
    const order = targets.map((_, i) => targets[(i + n - 1) % targets.length]!);
    loadByRound.push(loadAverage());
    log(`round ${n} of ${ROUNDS}: ${calls.length} calls, ${order.map(({ name }) => name).join(' then ')}`);
    const spec: AdminRoundSpec = {
      targets: order,
      paths: calls.map((call) => call.path),
      headers,
      connections: CONCURRENCY,
      amount: REQUESTS,
      warmupAmount: WARMUP_REQUESTS,
    };
    const result = await runGenerator<AdminRoundResult[]>(GENERATOR, spec, 60 * 60 * 1000);
    for (const { path: requestPath, results } of result) {
      for (const [target, load] of Object.entries(results)) {
        if (load.non2xx > 0 || load.errors > 0 || load.timeouts > 0) {
          throw new Error(
            `${target} ${requestPath}: ${JSON.stringify(load.statusCodes)}, ${load.errors} errors`,
          );
        }
      }
    }
    rounds.push(result);
  }
  await ceiling.stop();
  await api.stop();
  const withBaseline = targets.some(({ name }) => name === 'baseline');

  const results: CallResult[] = calls.map((call, index) => {
    const answer = ceiling.recorded[index]!;
    const body = Buffer.from(answer.bodyBase64, 'base64');
    const { total, totalExact } = JSON.parse(body.toString()) as { total: number; totalExact?: boolean };
    const result: CallResult = {
      list: call.list,
      name: call.name,
      query: call.query,
      api: figures(
        rounds.map((r) => r[index]!),
        'api',
      ),
      ...(withBaseline
        ? {
            baseline: figures(
              rounds.map((r) => r[index]!),
              'baseline',
            ),
          }
        : {}),
      ceiling: figures(
        rounds.map((r) => r[index]!),
        'ceiling',
      ),
      gzipBytes: gzipSync(body).length,
      total,
      totalExact: totalExact ?? true,
      ...plans.get(call.path)!,
    };
    log(
      `${call.list} ${call.name}: API p50 ${result.api.p50} / p95 ${result.api.p95} ms (${result.api.requestsPerSecond} req/s, ${result.api.cpuMsPerRequest} ms CPU each)${result.baseline ? `, baseline ${result.baseline.p50} / ${result.baseline.p95} ms (${result.baseline.cpuMsPerRequest} ms CPU each)` : ''}, ceiling ${result.ceiling.p50} / ${result.ceiling.p95} ms, database ${result.dbMs} ms`,
    );
    return result;
  });
  const report = {
    date: new Date().toISOString(),
    commit: execSync('git rev-parse --short HEAD', { cwd: ROOT }).toString().trim(),
    loadAverage: { start: loadAtStart, rounds: loadByRound, end: loadAverage() },
    apiNodeFlags: process.env.BENCH_API_NODE_FLAGS ?? API_NODE_FLAGS.join(' '),
    baselineEntry: BASELINE_ENTRY,
    rounds: ROUNDS,
    requestsPerRound: REQUESTS,
    warmupRequests: WARMUP_REQUESTS,
    concurrency: CONCURRENCY,
    seedSeconds,
    benchSeconds: Math.round((Date.now() - started) / 1000),
    results,
  };
  const dir = path.join(ROOT, 'bench', 'results');
  await writeFile(path.join(dir, `${RESULT_NAME}.json`), `${JSON.stringify(report, null, 2)}\n`);
  await writeFile(path.join(dir, `${RESULT_NAME}.generated.md`), markdown(report, results));
  log(`done in ${report.benchSeconds} s`);
  return true;
}

function markdown(
  report: {
    date: string;
    commit: string;
    loadAverage: { start: number[]; rounds: number[][]; end: number[] };
    seedSeconds: number;
  },
  results: CallResult[],
): string {
  const servers = (['api', 'baseline'] as const).filter((name) => results.some((r) => r[name]));
  const label = { api: 'API', baseline: 'baseline' };
  const head = servers.flatMap((name) =>
    ['p50 ms', 'p95 ms', 'req/s', 'CPU ms/req'].map((figure) => `${label[name]} ${figure}`),
  );
  const rows = results.map((r) => {
    const cells = servers.flatMap((name) => {
      const f = r[name]!;
      return [f.p50, f.p95, f.requestsPerSecond, f.cpuMsPerRequest];
    });
    return `| ${r.list} | ${r.name} | \`${r.query || '(none)'}\` | ${r.totalExact ? r.total : `> ${r.total - 1}`} | ${cells.join(' | ')} | ${r.ceiling.p50} | ${r.ceiling.p95} | ${r.ceiling.requestsPerSecond} | ${r.api.p95 <= TARGET_MS ? 'yes' : '**no**'} | ${r.dbMs} | ${(r.gzipBytes / 1024).toFixed(1)} |`;
  });
  const columns = [
    'list',
    'call',
    'query',
    'total',
    ...head,
    'ceiling p50 ms',
    'ceiling p95 ms',
    'ceiling req/s',
    'API ≤ 50 ms p95',
    'database ms',
    'gzip kB',
  ];
  return [
    `Run ${report.date} (commit ${report.commit}${BASELINE_ENTRY ? `; baseline = ${BASELINE_ENTRY}` : ''}): the built API in its own process (NODE_ENV=production), autocannon in another; ${ROUNDS} interleaved rounds of ${REQUESTS} requests per call and server (after ${WARMUP_REQUESTS} unmeasured) at concurrency ${CONCURRENCY}; p50, p95, req/s and CPU ms per request are medians over rounds; ceiling = a bare Node http server answering the same status, headers and bytes. Seed ${report.seedSeconds.toFixed(1)} s; load average ${report.loadAverage.start.join(' / ')} at start, ${report.loadAverage.rounds.map((load) => load[0]).join(', ')} (1 min) as each round began, ${report.loadAverage.end.join(' / ')} at the end (${os.cpus().length} cores).`,
    '',
    `| ${columns.join(' | ')} |`,
    `|${columns.map(() => '---').join('|')}|`,
    ...rows,
    '',
  ].join('\n');
}

/**
 * Another build of the API (BENCH_BASELINE_ENTRY, e.g. main's `api/dist/main.cjs` copied aside),
 * started as the API is, for an A/B in one run. It runs from a copy beside this checkout's bundle,
 * so it loads the same npm packages (ESM imports ignore NODE_PATH) and finds web/dist as it would.
 */
async function startBaselineApi(env: Record<string, string>) {
  const copy = path.join(ROOT, 'api', 'dist', 'baseline.cjs');
  await copyFile(path.resolve(BASELINE_ENTRY!), copy);
  cleanups.push(() => rm(copy, { force: true }));
  const nodeFlags = process.env.BENCH_API_NODE_FLAGS?.split(' ').filter(Boolean) ?? API_NODE_FLAGS;
  return startNodeProcess([...nodeFlags, copy], (port) => ({ ...env, PORT: String(port) }), '/readyz');
}

run(main);
