import type { ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import { API_NODE_FLAGS, buildServer, serverEntries } from '../infra/src/build-server.ts';
import { freePort, residentMegabytes, spawnUntilReady, stopChild } from './child-process.ts';

export interface StartedProcess {
  child: ChildProcess;
  pid: number;
  /** Spawn → ready (the API's first /readyz 200, the worker's first /metrics 200). */
  coldStartMs: number;
  origin: string;
  stop(): Promise<void>;
}

const round = (value: number) => Math.round(value);

/** The environment of a production API or worker on the bench's private database and Redis prefix. */
export function productionEnv(services: {
  databaseUrl: string;
  redisUrl: string;
  redisPrefix: string;
  dataDir: string;
}): Record<string, string> {
  return {
    NODE_ENV: 'production',
    PORT: '0',
    HOST: '127.0.0.1',
    DATABASE_URL: services.databaseUrl,
    REDIS_URL: services.redisUrl,
    REDIS_PREFIX: services.redisPrefix,
    DATA_DIR: services.dataDir,
    SESSION_SECRET: randomBytes(32).toString('base64url'),
    ENCRYPTION_KEY: randomBytes(32).toString('hex'),
    PUBLIC_URL: 'http://127.0.0.1:3000',
    // What production logs (one line per request), written to /dev/null.
    LOG_LEVEL: 'info',
    // Behind the TLS proxy as in production: the bench's signed-in editor (write-load.ts) says https.
    TRUST_PROXY: '1',
  };
}

/**
 * The api and worker as production runs them: compiled by `npm run build` (built here first so the
 * bench measures the code of this checkout) and started with plain node and their production flags
 * (API_NODE_FLAGS, WORKER_NODE_FLAGS).
 * BENCH_API_NODE_FLAGS="…" tries other V8 flags (an experiment knob); BENCH_CPU_PROF=<dir> makes the
 * API write a V8 CPU profile there when it stops (bench/cpu-profile-summary.ts reads it).
 */
export async function startProductionProcesses(
  rootDir: string,
  env: Record<string, string>,
): Promise<{ api: StartedProcess; worker: StartedProcess }> {
  const api = await startProductionApi(rootDir, env);
  const worker = await startNodeProcess(
    productionCommand(rootDir, 'worker/src/main.ts'),
    (port) => ({ ...env, WORKER_METRICS_PORT: String(port) }),
    '/metrics',
  );
  return { api, worker };
}

/** The API alone, built and started as startProductionProcesses does (same flags and knobs). */
export async function startProductionApi(
  rootDir: string,
  env: Record<string, string>,
): Promise<StartedProcess> {
  await buildServer();
  const nodeFlags = process.env.BENCH_API_NODE_FLAGS?.split(' ').filter(Boolean) ?? API_NODE_FLAGS;
  const profileArgs = process.env.BENCH_CPU_PROF
    ? ['--cpu-prof', `--cpu-prof-dir=${path.resolve(process.env.BENCH_CPU_PROF)}`]
    : [];
  return startNodeProcess(
    [...profileArgs, ...nodeFlags, compiledEntry(rootDir, 'api/src/main.ts')],
    (port) => ({ ...env, PORT: String(port) }),
    '/readyz',
  );
}

const entryOf = (source: string) => serverEntries.find((candidate) => candidate.source === source)!;

/** The bundle `npm run build` makes of a server entry (e.g. `api/src/main.ts`). */
export const compiledEntry = (rootDir: string, source: string) => path.join(rootDir, entryOf(source).output);

/** `node`'s arguments for a server entry as production starts it: its V8 flags, then its bundle. */
export const productionCommand = (rootDir: string, source: string) => [
  ...entryOf(source).nodeFlags,
  compiledEntry(rootDir, source),
];

/** `node <args>` with a free PORT-like port given to `envFor`, resolved once `readyPath` answers 200. */
export async function startNodeProcess(
  args: string[],
  envFor: (port: number) => Record<string, string>,
  readyPath: string,
): Promise<StartedProcess> {
  const port = await freePort();
  const origin = `http://127.0.0.1:${port}`;
  const spawned = performance.now();
  const started = await spawnUntilReady(process.execPath, args, {
    env: { ...process.env, ...envFor(port) },
    timeoutMs: 60_000,
    ready: async () => (await fetch(`${origin}${readyPath}`)).status === 200,
  });
  return {
    child: started.child,
    pid: started.child.pid ?? 0,
    coldStartMs: round(performance.now() - spawned),
    origin,
    stop: () => stopChild(started.child),
  };
}

/** The highest resident memory of each process, read every 250 ms while it runs. */
export function sampleMemoryPeaks(pids: number[]): { stop(): number[] } {
  const peaks = pids.map(() => 0);
  const timer = setInterval(() => {
    pids.forEach((pid, index) => {
      peaks[index] = Math.max(peaks[index]!, residentMegabytes(pid) ?? 0);
    });
  }, 250);
  return {
    stop() {
      clearInterval(timer);
      return peaks.map((peak) => Math.round(peak * 10) / 10);
    },
  };
}
