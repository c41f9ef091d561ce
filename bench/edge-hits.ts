/**
 * Cached public answers against their ceiling: the compiled API (production flags) and a bare Node
 * http server answering the same status, headers and bytes from memory, loaded in interleaved
 * rounds (the API first in odd rounds, the ceiling first in even ones) so drift in the machine's
 * load hits both alike; medians are reported. Beside req/s, the CPU each process spends per request
 * (utime + stime from /proc), the figure the machine's noise moves least. Then the same while an
 * editor saves a draft three times a second. Last, the first render after a change (a miss) of `/` and
 * of an article, at 10,000 posts.
 *
 *   npm run bench:edge
 *   BENCH_ROUNDS=5 BENCH_DURATION=5 BENCH_SCENARIOS=list-page-1,post-detail npm run bench:edge
 *   BENCH_SCENARIOS=none BENCH_MISS_ROUNDS=50 npm run bench:edge   # the misses alone
 *   BENCH_OUT=edge-misses-run …   # bench/results/<BENCH_OUT>.{md,json} (edge-hits by default; a path of its own when absolute)
 *   BENCH_CPU_PROF=/tmp/prof npm run bench:edge      # CPU profiles of the API and the ceiling (bench/cpu-profile-summary.ts)
 *
 * Results in bench/results/edge-hits.{md,json}.
 */
import { existsSync, readFileSync } from 'node:fs';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { benchRedisPrefix, deleteBenchRedisKeys, seededReadDatabase, undoOnCtrlC } from './bench-services.ts';
import { startCeiling } from './ceiling.ts';
import { cpuTimes } from './child-process.ts';
import { runLoad } from './load-runner.ts';
import { productionEnv, startProductionApi } from './production-processes.ts';
import { buildScenarios, type Scenario, sampleScenario } from './scenarios.ts';
import { percentile } from './stats.ts';
import { type AccessLine, type CacheMissFigures, measureCacheMisses, startDraftSaver } from './write-load.ts';

const ROOT = fileURLToPath(new URL('..', import.meta.url));
const RESULTS_DIR = path.join(ROOT, 'bench', 'results');
/** The results' file name (BENCH_OUT): a partial run need not replace the full one's. */
const OUT = process.env.BENCH_OUT || 'edge-hits';
const WEB_DIST = path.join(ROOT, 'web', 'dist');
/** The issue's figure: every cached public answer at least this share of its ceiling. */
const TARGET_SHARE = 0.85;
/** Loaded again while a draft is saved: the JSON a reader's browser asks for, and the pages. */
const WHILE_SAVING = ['list-page-1', 'post-detail', 'shell', 'post-html'];
const TARGETS = ['api', 'ceiling'] as const;
type Target = (typeof TARGETS)[number];

const log = (message: string) => process.stderr.write(`[bench:edge] ${message}\n`);
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
  failed: number;
  cpuMicrosPerRequest: number;
  /** The user-space part of it (the rest is the kernel's: mostly the socket writes). */
  userMicrosPerRequest: number;
}

/** The first hash-named script index.html loads (the static asset scenario), if the web app is built. */
function firstAsset(): string | undefined {
  const index = path.join(WEB_DIST, 'index.html');
  if (!existsSync(index)) return undefined;
  return /<script type="module"[^>]*src="(\/assets\/[^"]+\.js)"/.exec(readFileSync(index, 'utf8'))?.[1];
}

async function main(): Promise<void> {
  const rounds = Number(process.env.BENCH_ROUNDS || 3);
  const seconds = Number(process.env.BENCH_DURATION || 4);
  const posts = Number(process.env.BENCH_POSTS || 10_000);
  const connections = Number(process.env.BENCH_CONNECTIONS || 20);
  const missRounds = Number(process.env.BENCH_MISS_ROUNDS || 20);
  // BENCH_SCENARIOS=none: the misses alone.
  const only = process.env.BENCH_SCENARIOS?.split(',').filter(Boolean);
  const serverUrl = process.env.BENCH_DATABASE_URL || 'postgres://postgres@127.0.0.1:5432/postgres';
  const redisUrl = process.env.BENCH_REDIS_URL || 'redis://127.0.0.1:6379';
  const { cleanups, cleanUp } = undoOnCtrlC();
  try {
    const { database, pool, slugs, pages } = await seededReadDatabase(serverUrl, posts, cleanups, log);
    const scenarios = buildScenarios({
      posts,
      laterPage: Math.min(1000, Math.floor(pages * 0.7)),
      slugs,
      asset: firstAsset(),
    }).filter((scenario) => scenario.name !== 'healthz' && (!only || only.includes(scenario.name)));
    const prefix = benchRedisPrefix();
    cleanups.push(() => deleteBenchRedisKeys(redisUrl, prefix));
    const dataDir = await mkdtemp(path.join(os.tmpdir(), 'blog-bench-edge-'));
    cleanups.push(() => rm(dataDir, { recursive: true, force: true }));
    const api = await startProductionApi(ROOT, {
      ...productionEnv({ databaseUrl: database.url, redisUrl, redisPrefix: prefix, dataDir }),
    });
    cleanups.push(() => api.stop());
    // Its log lines (production logs JSON to stdout; one access line per miss, one per ACCESS_LOG_HIT_SAMPLE hits).
    let logLines = 0;
    // Kept only for the misses at the end (their server-side time): the hits' sampled lines are not.
    let keepAccessLines = false;
    const accessLines: AccessLine[] = [];
    let partial = '';
    api.child.stdout?.on('data', (chunk: string | Buffer) => {
      const text = partial + chunk.toString();
      const lines = text.split('\n');
      partial = lines.pop() ?? '';
      logLines += lines.length;
      if (!keepAccessLines) return;
      for (const line of lines) {
        const entry = JSON.parse(line) as { req?: { url?: string }; responseTime?: number };
        if (entry.req?.url && typeof entry.responseTime === 'number')
          accessLines.push({ url: entry.req.url, responseTime: entry.responseTime });
      }
    });
    for (const scenario of scenarios) await sampleScenario(api.origin, scenario);
    const ceiling = await startCeiling(
      api.origin,
      scenarios.flatMap((scenario) => scenario.paths),
      dataDir,
    );
    cleanups.push(() => ceiling.stop());
    const origins: Record<Target, { origin: string; pid: number }> = {
      api: { origin: api.origin, pid: api.pid },
      ceiling: { origin: ceiling.origin, pid: ceiling.pid },
    };

    const samples = new Map<string, Sample[]>();
    const loadRounds = async (list: Scenario[], suffix: string) => {
      for (let roundIndex = 0; roundIndex < rounds; roundIndex += 1) {
        for (const scenario of list) {
          const order = roundIndex % 2 === 0 ? TARGETS : [...TARGETS].reverse();
          for (const target of order) {
            const { origin, pid } = origins[target];
            const spec = { origin, paths: scenario.paths, connections };
            await runLoad({ ...spec, durationSeconds: 1 });
            const linesBefore = logLines;
            const cpuBefore = cpuTimes(pid);
            const load = await runLoad({ ...spec, durationSeconds: seconds });
            const cpuAfter = cpuTimes(pid);
            const perRequest = (seconds: number) => round((seconds * 1e6) / Math.max(load.totalRequests, 1));
            const sample: Sample = {
              requestsPerSecond: Math.round(load.requestsPerSecond),
              p50Ms: load.latencyMs.p50,
              p99Ms: load.latencyMs.p99,
              failed: load.non2xx + load.errors + load.timeouts,
              cpuMicrosPerRequest: perRequest(
                cpuAfter.user + cpuAfter.system - cpuBefore.user - cpuBefore.system,
              ),
              userMicrosPerRequest: perRequest(cpuAfter.user - cpuBefore.user),
            };
            const key = `${scenario.name}${suffix}\u0000${target}`;
            samples.set(key, [...(samples.get(key) ?? []), sample]);
            log(
              `round ${roundIndex + 1} ${scenario.name}${suffix} ${target}: ${sample.requestsPerSecond} req/s, ` +
                `${sample.cpuMicrosPerRequest} µs CPU/req, ${sample.userMicrosPerRequest} in user space, ` +
                `${target === 'api' ? logLines - linesBefore : 0} log lines (load ${os.loadavg()[0].toFixed(1)})`,
            );
          }
        }
      }
    };
    const loadAtStart = os.loadavg()[0];
    await loadRounds(scenarios, '');
    const whileSaving = scenarios.filter((scenario) => WHILE_SAVING.includes(scenario.name));
    let draftSaves = undefined;
    if (whileSaving.length > 0) {
      const saver = await startDraftSaver(pool, api.origin);
      await loadRounds(whileSaving, '+draft-saves');
      draftSaves = await saver.stop();
    }
    log('the first render after a change (misses of / and of an article)');
    keepAccessLines = true;
    const misses = await measureCacheMisses(pool, api.origin, missRounds, () => accessLines, api.pid);
    await report(
      [
        ...scenarios.map((scenario) => scenario.name),
        ...whileSaving.map((scenario) => `${scenario.name}+draft-saves`),
      ],
      samples,
      { rounds, seconds, posts, connections, loadAtStart, draftSaves, misses },
    );
  } finally {
    await cleanUp();
  }
}

async function report(
  names: string[],
  samples: Map<string, Sample[]>,
  setup: {
    rounds: number;
    seconds: number;
    posts: number;
    connections: number;
    loadAtStart: number;
    draftSaves?: { saves: number; failed: number; p50Ms: number };
    misses: CacheMissFigures[];
  },
): Promise<void> {
  const rows = names.map((name) => {
    const of = (target: Target) => {
      const runs = samples.get(`${name}\u0000${target}`) ?? [];
      const pick = (read: (sample: Sample) => number) => round(median(runs.map(read)));
      return {
        requestsPerSecond: pick((s) => s.requestsPerSecond),
        p50Ms: pick((s) => s.p50Ms),
        p99Ms: pick((s) => s.p99Ms),
        cpuMicrosPerRequest: pick((s) => s.cpuMicrosPerRequest),
        userMicrosPerRequest: pick((s) => s.userMicrosPerRequest),
        failed: runs.reduce((sum, s) => sum + s.failed, 0),
        samples: runs,
      };
    };
    const api = of('api');
    const ceiling = of('ceiling');
    // Each round's share against the ceiling of the same round, then their median.
    const shares = api.samples.map(
      (sample, index) =>
        sample.requestsPerSecond / Math.max(ceiling.samples[index]?.requestsPerSecond ?? 1, 1),
    );
    return { name, api, ceiling, share: round(100 * median(shares)) };
  });
  const cell = (t: {
    requestsPerSecond: number;
    p50Ms: number;
    p99Ms: number;
    cpuMicrosPerRequest: number;
    userMicrosPerRequest: number;
  }) =>
    `${t.requestsPerSecond} | ${t.p50Ms} / ${t.p99Ms} | ${t.cpuMicrosPerRequest} (${t.userMicrosPerRequest})`;
  const saves = setup.draftSaves
    ? `Draft saves during the "+draft-saves" rows: ${setup.draftSaves.saves} (${setup.draftSaves.failed} failed), p50 ${setup.draftSaves.p50Ms} ms each.`
    : '';
  const lines = [
    '# Cached public answers against their ceiling (`npm run bench:edge`)',
    '',
    `${new Date().toISOString()} · ${os.cpus().length}× ${os.cpus()[0]?.model.trim()} · load ${setup.loadAtStart.toFixed(2)} at start, ` +
      `${os.loadavg()[0].toFixed(2)} at end · ${setup.posts} posts, ${setup.connections} connections, no Accept-Encoding, ` +
      `${setup.seconds} s measured after 1 s warm-up per run, ${setup.rounds} interleaved rounds (medians).`,
    '',
    'The ceiling is a bare Node http server answering the API’s status, headers and bytes from memory.',
    '„% of ceiling” is the median over rounds of the API’s req/s divided by the ceiling’s in the same round.',
    'CPU µs/req: the process’s user + system CPU over the run divided by its requests (in brackets: user space alone).',
    '',
    '| answer | API req/s | API p50 / p99 ms | API CPU µs/req | ceiling req/s | ceiling p50 / p99 ms | ceiling CPU µs/req | % of ceiling | ≥ 85 % | failed |',
    '| --- | --- | --- | --- | --- | --- | --- | --- | --- | --- |',
    ...rows.map(
      (row) =>
        `| ${row.name} | ${cell(row.api)} | ${cell(row.ceiling)} | ${row.share}% | ${row.share >= TARGET_SHARE * 100 ? 'yes' : '**no**'} | ${row.api.failed + row.ceiling.failed} |`,
    ),
    '',
    saves,
    '',
    '## The first render after a change',
    '',
    'A post renamed in SQL (the database tells the API what changed), then `/` and its article each',
    'requested twice (each page first in every other round): the first request draws the page anew',
    '(miss), the second is served from memory. Ten rounds before these are not measured (a fresh',
    'process’s first renders are colder by far: its first miss of `/` cost 364 ms of CPU).',
    'The client times each request with `fetch` (its own decoding included: a cached page takes it',
    'milliseconds); the server column is the API’s own time for the miss (its access log’s',
    '`responseTime`, from the request’s arrival to its last byte written). CPU is the API process’s',
    '(all its threads) over each miss’s request: the figure to trust on a shared machine; beside it the',
    'JavaScript thread’s alone, and the misses asked first after the change against those asked second.',
    '',
    '| page | miss p50 ms (client) | miss p95 ms (client) | miss p50 / p95 ms (server) | ≤ 15 ms p50 (server) | CPU ms per miss p50 / mean | main thread CPU ms p50 | CPU p50 asked first / second | cached p50 ms (client) | rounds |',
    '| --- | --- | --- | --- | --- | --- | --- | --- | --- | --- |',
    ...setup.misses.map(
      (miss) =>
        `| ${miss.path.startsWith('/post/') ? 'an article' : miss.path} | ${miss.miss.p50} | ${miss.miss.p95} | ${miss.server ? `${miss.server.p50} / ${miss.server.p95}` : '—'} | ${(miss.server?.p50 ?? miss.miss.p50) <= 15 ? 'yes' : '**no**'} | ${miss.cpu ? `${miss.cpu.p50} / ${miss.cpu.mean} | ${miss.cpu.mainP50} | ${miss.cpu.firstP50} / ${miss.cpu.secondP50}` : '— | — | —'} | ${miss.hit.p50} | ${miss.rounds} |`,
    ),
    '',
  ];
  await writeFile(path.resolve(RESULTS_DIR, `${OUT}.md`), lines.join('\n'));
  await writeFile(path.resolve(RESULTS_DIR, `${OUT}.json`), `${JSON.stringify({ setup, rows }, null, 2)}\n`);
  process.stdout.write(`${lines.join('\n')}\n`);
}

await main();
