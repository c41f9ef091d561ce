/**
 * Benchmark of the public reading side: seeds a private database with BENCH_POSTS posts, starts
 * the API in production mode, loads each public read scenario with autocannon (child process)
 * and writes bench/results/latest.{json,md}. See bench/README.md.
 */
import { execFileSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { existsSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import { fileURLToPath } from 'node:url';
import pg from 'pg';
import { loadConfig } from '../api/src/config.ts';
import { runMigrations } from '../api/src/db/migrate.ts';
import { VISIBLE_POST_SQL } from '../api/src/modules/posts/posts.queries.ts';
import { startApiServer } from '../api/src/server.ts';
import { createScratchDatabase } from '../api/src/db/scratch-database.ts';
import { benchRedisPrefix, deleteBenchRedisKeys, requireLoopback } from './bench-services.ts';
import { runLoad, stopLoadGenerators } from './load-runner.ts';
import { captureSql, explainStatement, type StatementPlan } from './query-plans.ts';
import { type BenchResults, loadTable, type ScenarioResult, writeResults } from './report.ts';
import { buildScenarios, PAGE_SIZE, PLANTED_WORD, type Scenario } from './scenarios.ts';
import { seedDatabase } from './seed-data.ts';
import { percentile } from './stats.ts';
import { measureWebBundle } from './web-bundle-size.ts';

const ROOT = fileURLToPath(new URL('..', import.meta.url));
const WEB_DIST = path.join(ROOT, 'web', 'dist');
const RESULTS_DIR = path.join(ROOT, 'bench', 'results');
const TRIGRAM_INDEX = 'posts_search_text_trgm_idx';
const SEED = 1;
const DETAIL_SLUGS = 500;

function numberFromEnv(name: string, fallback: number, min: number, max: number): number {
  const raw = process.env[name];
  if (raw === undefined || raw === '') return fallback;
  const value = Number(raw);
  if (!Number.isInteger(value) || value < min || value > max) {
    throw new Error(`${name} must be a whole number from ${min} to ${max} (got "${raw}")`);
  }
  return value;
}

const log = (message: string) => process.stderr.write(`[bench] ${message}\n`);

/** Steps that undo what the run created, run once in reverse order, also on Ctrl-C. */
const cleanups: { name: string; run: () => Promise<unknown> }[] = [];
let cleaning: Promise<void> | undefined;
function cleanUp(): Promise<void> {
  cleaning ??= (async () => {
    stopLoadGenerators();
    for (const step of cleanups.reverse()) {
      try {
        await step.run();
      } catch (err) {
        log(`cleanup "${step.name}" failed: ${err instanceof Error ? err.message : String(err)}`);
      }
    }
  })();
  return cleaning;
}
for (const [signal, code] of [
  ['SIGINT', 130],
  ['SIGTERM', 143],
] as const) {
  process.once(signal, () => {
    log(`${signal}: cleaning up`);
    void cleanUp().finally(() => process.exit(code));
  });
}

function gitCommit(): string {
  try {
    return execFileSync('git', ['rev-parse', '--short', 'HEAD'], { cwd: ROOT, encoding: 'utf8' }).trim();
  } catch {
    return 'unknown';
  }
}

/** Visible posts spread over the whole history, so the detail scenario does not read one hot row. */
async function pickSlugs(pool: pg.Pool, count: number): Promise<string[]> {
  const { rows } = await pool.query<{ slug: string }>(
    `SELECT p.slug FROM posts p WHERE ${VISIBLE_POST_SQL} ORDER BY p.id`,
  );
  const step = Math.max(1, Math.floor(rows.length / count));
  return rows.filter((_row, index) => index % step === 0).map((row) => row.slug);
}

async function sample(origin: string, scenario: Scenario): Promise<{ totalCount?: number }> {
  const response = await fetch(`${origin}${scenario.paths[0]}`);
  const text = await response.text();
  let body: unknown = text;
  try {
    body = JSON.parse(text);
  } catch {
    // Not JSON: the check reports the wrong body.
  }
  const problem = scenario.check(response.status, body, response.headers);
  if (problem)
    throw new Error(`${scenario.name}: sample answer is wrong (${problem}): ${text.slice(0, 300)}`);
  const total = response.headers.get('x-total-count');
  return { totalCount: total === null ? undefined : Number(total) };
}

/** Median time of a few requests one after another, on an idle server: the cost of one request alone. */
async function unloadedLatency(origin: string, scenario: Scenario, runs = 5): Promise<number> {
  const times: number[] = [];
  for (let run = 0; run < runs; run += 1) {
    const started = performance.now();
    const response = await fetch(`${origin}${scenario.paths[run % scenario.paths.length]}`);
    await response.arrayBuffer();
    times.push(performance.now() - started);
  }
  return percentile(
    times.sort((a, b) => a - b),
    50,
  );
}

/**
 * Waits until the server's queries have finished. autocannon abandons requests still in flight
 * when a run ends, but PostgreSQL goes on executing them; a slow scenario would otherwise eat
 * into the next one's time.
 */
async function waitForIdleDatabase(pool: pg.Pool, timeoutMs = 120_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    const { rows } = await pool.query<{ active: number }>(
      `SELECT count(*)::int AS active FROM pg_stat_activity
        WHERE datname = current_database() AND state = 'active' AND pid <> pg_backend_pid()`,
    );
    if (rows[0].active === 0) return;
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  log(`queries still running after ${timeoutMs / 1000} s; going on`);
}

const round = (value: number, digits: number) => Math.round(value * 10 ** digits) / 10 ** digits;

async function main(): Promise<void> {
  const settings = {
    posts: numberFromEnv('BENCH_POSTS', 10_000, 100, 1_000_000),
    durationSeconds: numberFromEnv('BENCH_DURATION', 10, 1, 600),
    warmupSeconds: numberFromEnv('BENCH_WARMUP', 2, 0, 60),
    connections: numberFromEnv('BENCH_CONNECTIONS', 10, 1, 1000),
    seed: SEED,
  };
  const serverUrl = process.env.BENCH_DATABASE_URL || 'postgres://postgres@127.0.0.1:5432/postgres';
  const redisUrl = process.env.BENCH_REDIS_URL || 'redis://127.0.0.1:6379';
  requireLoopback(serverUrl, 'BENCH_DATABASE_URL');
  requireLoopback(redisUrl, 'BENCH_REDIS_URL');
  const loadAverage1m = round(os.loadavg()[0], 2);

  log('measuring the web bundle');
  const webBundle = measureWebBundle(ROOT, WEB_DIST);

  const database = await createScratchDatabase(serverUrl, 'blog_bench');
  cleanups.push({ name: `drop database ${database.name}`, run: () => database.drop() });
  log(`database ${database.name}: migrating and seeding ${settings.posts} posts`);
  await runMigrations(database.url);
  const pool = new pg.Pool({ connectionString: database.url, max: 2 });
  // An idle client's error (the database dropped on Ctrl-C) must not crash the run before cleanup.
  pool.on('error', () => undefined);
  cleanups.push({ name: 'close the bench pool', run: () => pool.end() });
  const seed = await seedDatabase(pool, {
    posts: settings.posts,
    plantedWord: PLANTED_WORD,
    plantedShare: 0.03,
    seed: settings.seed,
  });
  log(`seeded in ${seed.seedSeconds} s (VACUUM ANALYZE ${seed.vacuumSeconds} s)`);
  const slugs = await pickSlugs(pool, DETAIL_SLUGS);
  const postgres = (await pool.query<{ v: string }>(`SELECT split_part(version(), ' ', 2) AS v`)).rows[0].v;

  const redisPrefix = benchRedisPrefix();
  cleanups.push({
    name: `delete Redis keys ${redisPrefix}:*`,
    run: () => deleteBenchRedisKeys(redisUrl, redisPrefix),
  });
  const dataDir = await mkdtemp(path.join(os.tmpdir(), 'blog-bench-data-'));
  cleanups.push({ name: 'remove the data folder', run: () => rm(dataDir, { recursive: true, force: true }) });
  const config = loadConfig({
    NODE_ENV: 'production',
    PORT: '0',
    HOST: '127.0.0.1',
    DATABASE_URL: database.url,
    REDIS_URL: redisUrl,
    REDIS_PREFIX: redisPrefix,
    DATA_DIR: dataDir,
    SESSION_SECRET: randomBytes(32).toString('base64url'),
    ENCRYPTION_KEY: randomBytes(32).toString('hex'),
    PUBLIC_URL: 'http://127.0.0.1:3000',
    LOG_LEVEL: 'silent',
  });
  const api = await startApiServer(config, {
    webDistDir: existsSync(path.join(WEB_DIST, 'index.html')) ? WEB_DIST : undefined,
  });
  cleanups.push({ name: 'stop the API', run: () => api.close() });
  const origin = `http://127.0.0.1:${api.port}`;

  const firstPage = await fetch(`${origin}/api/posts?page=1&limit=${PAGE_SIZE}`);
  await firstPage.arrayBuffer();
  const totalPages = Number(firstPage.headers.get('x-total-pages') ?? 0);
  // Page 1000 as the issue asks; a smaller BENCH_POSTS falls back to a page 70% of the way back.
  const laterPage = totalPages >= 1000 ? 1000 : Math.max(1, Math.floor(totalPages * 0.7));
  const scenarios = buildScenarios({ posts: settings.posts, laterPage, slugs });

  const samples = new Map<string, { totalCount?: number; statements: StatementPlan[]; unloadedMs: number }>();
  for (const scenario of scenarios) {
    let found: { totalCount?: number } = {};
    const check = async () => {
      found = await sample(origin, scenario);
    };
    let sql: string[] = [];
    if (scenario.explain) sql = await captureSql(api.runtime.sequelize, check);
    else await check();
    const statements: StatementPlan[] = [];
    for (const statement of sql) statements.push(await explainStatement(pool, statement));
    const unloadedMs = round(await unloadedLatency(origin, scenario), 2);
    samples.set(scenario.name, { ...found, statements, unloadedMs });
  }

  const loads = new Map<string, Awaited<ReturnType<typeof runLoad>>>();
  for (const scenario of scenarios) {
    log(`${scenario.name}: ${settings.warmupSeconds} s warm-up + ${settings.durationSeconds} s`);
    const spec = { origin, paths: scenario.paths, connections: settings.connections };
    if (settings.warmupSeconds > 0) {
      await runLoad({ ...spec, durationSeconds: settings.warmupSeconds });
      await waitForIdleDatabase(pool);
    }
    loads.set(scenario.name, await runLoad({ ...spec, durationSeconds: settings.durationSeconds }));
    await waitForIdleDatabase(pool);
  }

  const baselineRuns = [loads.get('baseline')!, loads.get('baseline-again')!];
  const baselineRps = (baselineRuns[0].requestsPerSecond + baselineRuns[1].requestsPerSecond) / 2;
  const baselineP50 = (baselineRuns[0].latencyMs.p50 + baselineRuns[1].latencyMs.p50) / 2;
  const scenarioResults: ScenarioResult[] = scenarios.map((scenario) => {
    const load = loads.get(scenario.name)!;
    const found = samples.get(scenario.name)!;
    return {
      name: scenario.name,
      description: scenario.description,
      path: scenario.paths[0],
      pathCount: scenario.paths.length,
      totalCount: found.totalCount,
      unloadedMs: found.unloadedMs,
      load,
      vsBaseline: {
        requestsPerSecond: round(load.requestsPerSecond / baselineRps, 4),
        p50: round(load.latencyMs.p50 / baselineP50, 2),
      },
      statements: found.statements,
    };
  });

  const postStatements = (name: string) =>
    samples.get(name)?.statements.filter((statement) => statement.label.startsWith('posts')) ?? [];
  const searchStatements = [...postStatements('search-hits'), ...postStatements('search-none')];
  const searchUsesTrigramIndex =
    searchStatements.length > 0 && searchStatements.every((s) => s.indexes.includes(TRIGRAM_INDEX));

  const warnings: string[] = [];
  for (const result of scenarioResults) {
    if (result.load.totalRequests === 0) {
      warnings.push(
        `${result.name}: no request finished within ${settings.durationSeconds} s under ` +
          `${settings.connections} connections (one request alone takes ${result.unloadedMs} ms)`,
      );
    }
    if (result.load.errors > 0 || result.load.non2xx > 0) {
      warnings.push(
        `${result.name}: ${result.load.errors} errors, ${result.load.non2xx} non-2xx (${JSON.stringify(result.load.statusCodes)})`,
      );
    }
    // Counting every visible post may read the whole table; paging, searching and loading one post may not.
    const searching = result.name.startsWith('search');
    for (const statement of result.statements) {
      if (statement.seqScans.includes('posts') && (searching || !statement.label.endsWith('(count)'))) {
        warnings.push(`${result.name}: ${statement.label} reads posts by a sequential scan`);
      }
    }
  }
  if (!searchUsesTrigramIndex) warnings.push(`search does not use ${TRIGRAM_INDEX}`);
  const driftPercent = round(
    (Math.abs(baselineRuns[0].requestsPerSecond - baselineRuns[1].requestsPerSecond) / baselineRps) * 100,
    1,
  );
  if (driftPercent > 15)
    warnings.push(`baseline drifted ${driftPercent}% between its two runs: noisy machine`);
  if (loadAverage1m > os.cpus().length * 0.5) {
    warnings.push(
      `load average ${loadAverage1m} at start on ${os.cpus().length} CPUs: other work was running`,
    );
  }
  if (!webBundle.available) warnings.push(`JavaScript size unavailable: ${webBundle.reason}`);

  const results: BenchResults = {
    schemaVersion: 1,
    date: new Date().toISOString(),
    machine: {
      cpuModel: os.cpus()[0]?.model.trim() ?? 'unknown',
      cpuCount: os.cpus().length,
      totalMemoryGb: round(os.totalmem() / 2 ** 30, 1),
      loadAverage1m,
      os: `${os.type()} ${os.release()} ${os.arch()}`,
      node: process.version,
      postgres: `PostgreSQL ${postgres}`,
    },
    commit: gitCommit(),
    settings,
    seed,
    baseline: { requestsPerSecond: round(baselineRps, 1), p50: round(baselineP50, 3), driftPercent },
    scenarios: scenarioResults,
    searchUsesTrigramIndex,
    webBundle,
    warnings,
  };
  const files = await writeResults(RESULTS_DIR, results);

  process.stdout.write(`\n${loadTable(results)}\n\n`);
  if (webBundle.available) {
    process.stdout.write(
      `Home page JS at start: ${(webBundle.initial.gzipBytes / 1024).toFixed(1)} kB gzip ` +
        `(${(webBundle.initial.rawBytes / 1024).toFixed(1)} kB raw, ${webBundle.initial.files.length} file(s)); ` +
        `${webBundle.lazy.length} lazy chunk(s)\n`,
    );
  }
  process.stdout.write(
    `Seeded ${seed.posts} posts in ${seed.seedSeconds} s; search uses ${TRIGRAM_INDEX}: ${searchUsesTrigramIndex ? 'yes' : 'NO'}\n`,
  );
  for (const warning of warnings) process.stdout.write(`warning: ${warning}\n`);
  process.stdout.write(`Written: ${files.map((file) => path.relative(ROOT, file)).join(', ')}\n`);
}

try {
  await main();
} catch (err) {
  process.exitCode = 1;
  log(`failed: ${err instanceof Error ? (err.stack ?? err.message) : String(err)}`);
} finally {
  await cleanUp();
}
