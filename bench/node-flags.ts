/**
 * A/B of the API's Node/V8 flags under the public read load: for each variant, the compiled API in
 * its own process answers a mix of every public read (lists, searches, 500 articles, 100 article
 * pages, the shell, feeds, sitemap) from 50 connections. Reported per variant: the API's CPU time
 * per request (utime + stime of all its threads, GC included; what a noisy shared machine changes
 * least), its resident memory peak and after the load, and req/s. Variants run interleaved over
 * several rounds so drift in the machine's load hits them alike; medians are reported.
 *
 *   npm run bench:flags -- "--max-semi-space-size=4" "--max-semi-space-size=4 --heap-growing-percent=30"
 *
 * With no arguments it compares the API's production flags (API_NODE_FLAGS) with the worker's
 * (WORKER_NODE_FLAGS, the API's until 2026-12-01). Results in
 * bench/results/node-flags.{md,json}.
 */
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { API_NODE_FLAGS, buildServer, WORKER_NODE_FLAGS } from '../infra/src/build-server.ts';
import { benchRedisPrefix, deleteBenchRedisKeys, seededReadDatabase, undoOnCtrlC } from './bench-services.ts';
import { cpuSeconds, rawGet, residentMegabytes } from './child-process.ts';
import { runLoad } from './load-runner.ts';
import { compiledEntry, productionEnv, sampleMemoryPeaks, startNodeProcess } from './production-processes.ts';
import { buildScenarios } from './scenarios.ts';
import { percentile } from './stats.ts';

const ROOT = fileURLToPath(new URL('..', import.meta.url));
const RESULTS_DIR = path.join(ROOT, 'bench', 'results');
const CONNECTIONS = 50;
const log = (message: string) => process.stderr.write(`[bench:flags] ${message}\n`);
const round = (value: number, digits = 1) => Math.round(value * 10 ** digits) / 10 ** digits;

interface Sample {
  cpuMicrosPerRequest: number;
  requestsPerSecond: number;
  rssPeakMb: number;
  rssAfterMb: number;
}

async function main(): Promise<void> {
  const variants =
    process.argv.slice(2).length > 0
      ? process.argv.slice(2)
      : [API_NODE_FLAGS.join(' '), WORKER_NODE_FLAGS.join(' ')];
  const rounds = Number(process.env.BENCH_ROUNDS || 3);
  const seconds = Number(process.env.BENCH_DURATION || 8);
  const posts = Number(process.env.BENCH_POSTS || 10_000);
  const serverUrl = process.env.BENCH_DATABASE_URL || 'postgres://postgres@127.0.0.1:5432/postgres';
  const redisUrl = process.env.BENCH_REDIS_URL || 'redis://127.0.0.1:6379';
  // Ctrl-C still drops the scratch database and the Redis keys.
  const { cleanups, cleanUp } = undoOnCtrlC();
  try {
    await buildServer();
    const { database, slugs, pages } = await seededReadDatabase(serverUrl, posts, cleanups, log);
    const paths = buildScenarios({ posts, laterPage: Math.min(1000, pages), slugs })
      .filter((scenario) => scenario.name !== 'asset')
      .flatMap((scenario) => scenario.paths);
    const prefix = benchRedisPrefix();
    cleanups.push(() => deleteBenchRedisKeys(redisUrl, prefix));
    const dataDir = await mkdtemp(path.join(os.tmpdir(), 'blog-bench-flags-'));
    cleanups.push(() => rm(dataDir, { recursive: true, force: true }));
    const env = productionEnv({ databaseUrl: database.url, redisUrl, redisPrefix: prefix, dataDir });

    const samples = variants.map(() => [] as Sample[]);
    for (let roundIndex = 0; roundIndex < rounds; roundIndex += 1) {
      for (const [index, flags] of variants.entries()) {
        const api = await startNodeProcess(
          [...flags.split(' ').filter(Boolean), compiledEntry(ROOT, 'api/src/main.ts')],
          (port) => ({ ...env, PORT: String(port) }),
          '/readyz',
        );
        try {
          // Every path once first: autocannon's connections walk the list in step, so a timed warm-up
          // alone would leave most articles uncached and measure PostgreSQL instead of the steady state.
          for (const requestPath of paths) await rawGet(api.origin, requestPath);
          await runLoad({ origin: api.origin, paths, connections: CONNECTIONS, durationSeconds: 2 });
          const memory = sampleMemoryPeaks([api.pid]);
          const cpuBefore = cpuSeconds(api.pid);
          const load = await runLoad({
            origin: api.origin,
            paths,
            connections: CONNECTIONS,
            durationSeconds: seconds,
          });
          const cpu = cpuSeconds(api.pid) - cpuBefore;
          const [rssPeakMb] = memory.stop();
          await new Promise((resolve) => setTimeout(resolve, 2000));
          const sample = {
            cpuMicrosPerRequest: round((cpu * 1e6) / Math.max(load.totalRequests, 1)),
            requestsPerSecond: Math.round(load.requestsPerSecond),
            rssPeakMb: rssPeakMb!,
            rssAfterMb: residentMegabytes(api.pid) ?? 0,
          };
          samples[index]!.push(sample);
          log(
            `round ${roundIndex + 1} "${flags}": ${JSON.stringify(sample)} (load ${os.loadavg()[0].toFixed(1)})`,
          );
        } finally {
          await api.stop();
        }
      }
    }
    await report(variants, samples, { rounds, seconds, posts, paths: paths.length });
  } finally {
    await cleanUp();
  }
}

async function report(
  variants: string[],
  samples: Sample[][],
  setup: { rounds: number; seconds: number; posts: number; paths: number },
): Promise<void> {
  const summary = variants.map((flags, index) => {
    const of = (pick: (sample: Sample) => number) =>
      round(
        percentile(
          samples[index]!.map(pick).sort((a, b) => a - b),
          50,
        ),
      );
    return {
      flags: flags || '(Node defaults)',
      cpuMicrosPerRequest: of((s) => s.cpuMicrosPerRequest),
      requestsPerSecond: of((s) => s.requestsPerSecond),
      rssPeakMb: of((s) => s.rssPeakMb),
      rssAfterMb: of((s) => s.rssAfterMb),
      samples: samples[index],
    };
  });
  const lines = [
    '# Node/V8 flags of the API under the public read load',
    '',
    `${new Date().toISOString()} · ${os.cpus().length}× ${os.cpus()[0]?.model.trim()} · load ${os.loadavg()[0].toFixed(2)} at end · ` +
      `${setup.posts} posts, ${setup.paths} public paths mixed, ${CONNECTIONS} connections, ` +
      `${setup.seconds} s measured after each path once and 2 s warm-up, ${setup.rounds} interleaved rounds (medians)`,
    '',
    '| flags | CPU µs / request | req/s | RSS peak MB | RSS 2 s after MB |',
    '| --- | --- | --- | --- | --- |',
    ...summary.map(
      (s) =>
        `| \`${s.flags}\` | ${s.cpuMicrosPerRequest} | ${s.requestsPerSecond} | ${s.rssPeakMb} | ${s.rssAfterMb} |`,
    ),
    '',
    'CPU per request counts every thread of the API (GC included) and changes least with the machine’s',
    'other load; req/s does not. bench/node-flags.ts.',
    '',
  ];
  await writeFile(path.join(RESULTS_DIR, 'node-flags.md'), lines.join('\n'));
  await writeFile(path.join(RESULTS_DIR, 'node-flags.json'), `${JSON.stringify(summary, null, 2)}\n`);
  process.stdout.write(lines.join('\n'));
}

main().catch((err: unknown) => {
  process.stderr.write(`${err instanceof Error ? (err.stack ?? err.message) : String(err)}\n`);
  process.exit(1);
});
