/**
 * One autocannon run and its figures, shared by the load generators (child processes of the
 * benches, so the load never shares an event loop with the server it measures).
 */
import autocannon, { type AutocannonRequest } from 'autocannon';
import { percentile } from './stats.ts';

export interface LoadResult {
  requestsPerSecond: number;
  totalRequests: number;
  durationSeconds: number;
  latencyMs: { mean: number; p50: number; p90: number; p95: number; p99: number; max: number };
  errors: number;
  timeouts: number;
  non2xx: number;
  statusCodes: Record<string, number>;
}

export interface RunOptions {
  origin: string;
  connections: number;
  requests: AutocannonRequest[];
  /** Run this long (seconds)... */
  seconds?: number;
  /** ...or until this many requests have answered (autocannon's `amount`, which wins). */
  amount?: number;
  idReplacement?: boolean;
}

const round = (value: number, digits = 2) => Math.round(value * 10 ** digits) / 10 ** digits;

let current: { stop(): void } | undefined;
process.once('SIGTERM', () => {
  current?.stop();
  process.exit(143);
});

/** Runs autocannon once; with `measured`, returns every response time's figures (else undefined). */
export async function runAutocannon(options: RunOptions, measured: true): Promise<LoadResult>;
export async function runAutocannon(options: RunOptions, measured: false): Promise<undefined>;
export async function runAutocannon(options: RunOptions, measured: boolean): Promise<LoadResult | undefined> {
  if (!/^http:\/\/127\.0\.0\.1:\d+$/.test(options.origin))
    throw new Error(`Not a loopback origin: ${options.origin}`);
  const instance = autocannon({
    url: options.origin,
    connections: options.connections,
    // autocannon refuses an undefined duration: only the one given is passed.
    ...(options.amount === undefined ? { duration: options.seconds } : { amount: options.amount }),
    // Longer than a run: a slow scenario still reports its latency instead of only timeouts.
    timeout: 30,
    idReplacement: options.idReplacement ?? false,
    requests: options.requests,
  });
  current = instance;
  // autocannon's own histogram keeps whole milliseconds; the response event has the exact time.
  const latencies: number[] = [];
  const started = performance.now();
  let lastAnswer = started;
  if (measured) {
    instance.on('response', (_client: unknown, _status: number, _bytes: number, ms: number) => {
      latencies.push(ms);
      lastAnswer = performance.now();
    });
  }
  const result = await instance;
  // A run of `amount` requests ends at autocannon's next whole-second tick: its own duration would
  // count the wait; the time to the last answer is the run's.
  const seconds = options.amount === undefined ? result.duration : (lastAnswer - started) / 1000;
  current = undefined;
  if (!measured) return undefined;
  latencies.sort((a, b) => a - b);
  const total = latencies.length;
  return {
    requestsPerSecond: round(total / seconds, 1),
    totalRequests: total,
    durationSeconds: round(seconds, 2),
    latencyMs: {
      mean: round(latencies.reduce((sum, ms) => sum + ms, 0) / Math.max(total, 1), 3),
      p50: round(percentile(latencies, 50), 3),
      p90: round(percentile(latencies, 90), 3),
      p95: round(percentile(latencies, 95), 3),
      p99: round(percentile(latencies, 99), 3),
      max: round(latencies[total - 1] ?? 0, 3),
    },
    errors: result.errors,
    timeouts: result.timeouts,
    non2xx: result.non2xx,
    statusCodes: Object.fromEntries(
      Object.entries(result.statusCodeStats).map(([code, stats]) => [code, stats.count]),
    ),
  };
}
