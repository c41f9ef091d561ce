/**
 * The public read path through Varnish: the compiled API (CDN_PURGE=varnish-xkey, so its content
 * answers carry s-maxage and surrogate keys) with a real varnishd and the reference VCL
 * (infra/varnish/default.vcl) in front. Each scenario is loaded against three targets: the API
 * directly, Varnish in front of it, and the ceiling (a bare Node http server answering the same
 * status, headers and bytes from memory). Targets and scenarios run interleaved over several rounds so
 * drift in the machine's load hits them alike; medians are reported. Requests ask for gzip, as
 * browsers do (Varnish keeps the gzip body and would otherwise unzip it on every answer).
 *
 *   npm run bench:varnish
 *   BENCH_ROUNDS=3 BENCH_DURATION=5 BENCH_POSTS=2000 BENCH_CONNECTIONS=50 npm run bench:varnish
 *
 * Needs varnishd and the xkey vmod (apt-get install varnish varnish-modules). Results in
 * bench/results/varnish.{md,json}.
 */
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { startVarnish, varnishMissing } from '../infra/src/services/varnish.ts';
import { benchRedisPrefix, deleteBenchRedisKeys, seededReadDatabase, undoOnCtrlC } from './bench-services.ts';
import { startCeiling } from './ceiling.ts';
import { cpuSeconds, freePort, rawGet } from './child-process.ts';
import type { LoadResult } from './load-generator.ts';
import { runLoad } from './load-runner.ts';
import { productionEnv, startProductionApi } from './production-processes.ts';
import { buildScenarios } from './scenarios.ts';
import { percentile } from './stats.ts';

const ROOT = fileURLToPath(new URL('..', import.meta.url));
const RESULTS_DIR = path.join(ROOT, 'bench', 'results');
/** The public reads a cache in front takes over: content that follows the database, and the shell. */
const SCENARIOS = ['list-page-1', 'post-detail', 'post-html', 'shell', 'rss', 'sitemap'];
const TARGETS = ['api', 'varnish', 'ceiling'] as const;
type Target = (typeof TARGETS)[number];
const GZIP = { 'accept-encoding': 'gzip' };
const log = (message: string) => process.stderr.write(`[bench:varnish] ${message}\n`);
const round = (value: number, digits = 1) => Math.round(value * 10 ** digits) / 10 ** digits;
const median = (values: number[]) =>
  percentile(
    [...values].sort((a, b) => a - b),
    50,
  );

interface Sample {
  requestsPerSecond: number;
  p50Ms: number;
  p99Ms: number;
  non2xx: number;
  errors: number;
  /** CPU of the API process per request of this run (0 when Varnish answered everything). */
  apiCpuMicrosPerRequest: number;
}

async function main(): Promise<void> {
  const missing = varnishMissing();
  if (missing) throw new Error(`cannot bench through Varnish: ${missing}`);
  const rounds = Number(process.env.BENCH_ROUNDS || 3);
  const seconds = Number(process.env.BENCH_DURATION || 5);
  const posts = Number(process.env.BENCH_POSTS || 2000);
  const connections = Number(process.env.BENCH_CONNECTIONS || 50);
  const serverUrl = process.env.BENCH_DATABASE_URL || 'postgres://postgres@127.0.0.1:5432/postgres';
  const redisUrl = process.env.BENCH_REDIS_URL || 'redis://127.0.0.1:6379';
  // Ctrl-C still stops varnishd and drops the scratch database and the Redis keys.
  const { cleanups, cleanUp } = undoOnCtrlC();
  try {
    const { database, slugs, pages } = await seededReadDatabase(serverUrl, posts, cleanups, log);
    const scenarios = buildScenarios({ posts, laterPage: Math.min(1000, pages), slugs }).filter((scenario) =>
      SCENARIOS.includes(scenario.name),
    );
    const prefix = benchRedisPrefix();
    cleanups.push(() => deleteBenchRedisKeys(redisUrl, prefix));
    const dataDir = await mkdtemp(path.join(os.tmpdir(), 'blog-bench-varnish-'));
    cleanups.push(() => rm(dataDir, { recursive: true, force: true }));

    // Varnish's port first: the API is told where its purges go (its worker would send them).
    const varnishPort = await freePort();
    const api = await startProductionApi(ROOT, {
      ...productionEnv({ databaseUrl: database.url, redisUrl, redisPrefix: prefix, dataDir }),
      CDN_PURGE: 'varnish-xkey',
      CDN_PURGE_URL: `http://127.0.0.1:${varnishPort}`,
    });
    cleanups.push(() => api.stop());
    const varnish = await startVarnish(
      { port: Number(new URL(api.origin).port) },
      { port: varnishPort, memory: '256m' },
    );
    cleanups.push(() => varnish.stop());

    const allPaths = scenarios.flatMap((scenario) => scenario.paths);
    // Every path once through Varnish (which fills the API's cache too), then once more: each must be
    // a HIT with the shared lifetime the API gave it, or the bench would time the API behind a proxy.
    for (const requestPath of allPaths) await rawGet(varnish.origin, requestPath, GZIP);
    const notKept = [];
    for (const requestPath of allPaths) {
      const answer = await rawGet(varnish.origin, requestPath, GZIP);
      if (answer.status !== 200 || answer.headers['x-cache'] !== 'HIT')
        notKept.push(`${requestPath} ${answer.status} ${answer.headers['x-cache']}`);
    }
    if (notKept.length > 0) throw new Error(`not kept by Varnish: ${notKept.slice(0, 5).join('; ')}`);
    const ceiling = await startCeiling(api.origin, allPaths, dataDir, GZIP);
    cleanups.push(() => ceiling.stop());
    const origins: Record<Target, string> = {
      api: api.origin,
      varnish: varnish.origin,
      ceiling: ceiling.origin,
    };
    const before = varnish.counters();

    const samples = new Map<string, Sample[]>();
    for (let roundIndex = 0; roundIndex < rounds; roundIndex += 1) {
      for (const scenario of scenarios) {
        // Each round starts with another target, so none always runs first.
        const order = TARGETS.map((_, index) => TARGETS[(index + roundIndex) % TARGETS.length]!);
        for (const target of order) {
          const requests = scenario.paths.map((requestPath) => ({
            method: 'GET',
            path: requestPath,
            headers: GZIP,
          }));
          const spec = { origin: origins[target], paths: scenario.paths, requests, connections };
          await runLoad({ ...spec, durationSeconds: 1 });
          const cpuBefore = cpuSeconds(api.pid);
          const load: LoadResult = await runLoad({ ...spec, durationSeconds: seconds });
          const cpu = cpuSeconds(api.pid) - cpuBefore;
          const sample: Sample = {
            requestsPerSecond: Math.round(load.requestsPerSecond),
            p50Ms: load.latencyMs.p50,
            p99Ms: load.latencyMs.p99,
            non2xx: load.non2xx,
            errors: load.errors + load.timeouts,
            apiCpuMicrosPerRequest: round((cpu * 1e6) / Math.max(load.totalRequests, 1)),
          };
          const key = `${scenario.name}\u0000${target}`;
          samples.set(key, [...(samples.get(key) ?? []), sample]);
          log(
            `round ${roundIndex + 1} ${scenario.name} ${target}: ${JSON.stringify(sample)} (load ${os.loadavg()[0].toFixed(1)})`,
          );
        }
      }
    }
    const after = varnish.counters();
    const counted = (name: string) => (after[name] ?? 0) - (before[name] ?? 0);
    await report(
      scenarios.map((scenario) => scenario.name),
      samples,
      {
        rounds,
        seconds,
        posts,
        connections,
        varnish: {
          hits: counted('MAIN.cache_hit'),
          misses: counted('MAIN.cache_miss'),
          passes: counted('MAIN.s_pass'),
          backendRequests: counted('MAIN.backend_req'),
        },
      },
    );
  } finally {
    await cleanUp();
  }
}

async function report(
  scenarioNames: string[],
  samples: Map<string, Sample[]>,
  setup: {
    rounds: number;
    seconds: number;
    posts: number;
    connections: number;
    varnish: { hits: number; misses: number; passes: number; backendRequests: number };
  },
): Promise<void> {
  const summary = scenarioNames.map((scenario) => {
    const of = (target: Target) => {
      const runs = samples.get(`${scenario}\u0000${target}`) ?? [];
      const pick = (read: (sample: Sample) => number) => round(median(runs.map(read)));
      return {
        requestsPerSecond: pick((s) => s.requestsPerSecond),
        p50Ms: pick((s) => s.p50Ms),
        p99Ms: pick((s) => s.p99Ms),
        apiCpuMicrosPerRequest: pick((s) => s.apiCpuMicrosPerRequest),
        failed: runs.reduce((sum, s) => sum + s.non2xx + s.errors, 0),
        samples: runs,
      };
    };
    const targets = { api: of('api'), varnish: of('varnish'), ceiling: of('ceiling') };
    const share = (target: Target) =>
      round((100 * targets[target].requestsPerSecond) / Math.max(targets.ceiling.requestsPerSecond, 1));
    return { scenario, targets, apiShare: share('api'), varnishShare: share('varnish') };
  });
  const cell = (t: { requestsPerSecond: number; p50Ms: number; p99Ms: number }) =>
    `${t.requestsPerSecond} (${t.p50Ms} / ${t.p99Ms})`;
  const lines = [
    '# The public read path through Varnish',
    '',
    `${new Date().toISOString()} · ${os.cpus().length}× ${os.cpus()[0]?.model.trim()} · load ${os.loadavg()[0].toFixed(2)} at end · ` +
      `${setup.posts} posts, ${setup.connections} connections, Accept-Encoding: gzip, ` +
      `${setup.seconds} s measured after 1 s warm-up per run, ${setup.rounds} interleaved rounds (medians)`,
    '',
    'req/s (p50 / p99 ms). The ceiling is a bare Node http server answering the API’s status, headers and',
    'bytes from memory. API CPU is the API process’s CPU per request of the run (0 when Varnish answers).',
    '',
    '| scenario | API direct | through Varnish | ceiling | API % of ceiling | Varnish % of ceiling | API CPU µs/req direct / via Varnish | failed |',
    '| --- | --- | --- | --- | --- | --- | --- | --- |',
    ...summary.map(
      (s) =>
        `| ${s.scenario} | ${cell(s.targets.api)} | ${cell(s.targets.varnish)} | ${cell(s.targets.ceiling)} | ` +
        `${s.apiShare}% | ${s.varnishShare}% | ${s.targets.api.apiCpuMicrosPerRequest} / ${s.targets.varnish.apiCpuMicrosPerRequest} | ` +
        `${s.targets.api.failed + s.targets.varnish.failed + s.targets.ceiling.failed} |`,
    ),
    '',
    `Varnish during the measured runs: ${setup.varnish.hits} hits, ${setup.varnish.misses} misses, ` +
      `${setup.varnish.passes} passes, ${setup.varnish.backendRequests} requests to the API.`,
    '',
    'The load generator, the API, Varnish and the ceiling share the machine’s cores: a target’s req/s is',
    'bounded by the generator as much as by the server. bench/varnish.ts.',
    '',
  ];
  await writeFile(path.join(RESULTS_DIR, 'varnish.md'), lines.join('\n'));
  await writeFile(path.join(RESULTS_DIR, 'varnish.json'), `${JSON.stringify({ setup, summary }, null, 2)}\n`);
  process.stdout.write(lines.join('\n'));
}

main().catch((err: unknown) => {
  process.stderr.write(`${err instanceof Error ? (err.stack ?? err.message) : String(err)}\n`);
  process.exit(1);
});
