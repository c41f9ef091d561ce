/**
 * The load generator, run as a child process of bench/run.ts so it never shares an event loop
 * with the server it measures. Input: one JSON argument (LoadSpec); output: one JSON line (LoadResult).
 */
import autocannon, { type AutocannonRequest } from 'autocannon';
import { percentile } from './stats.ts';

export interface LoadSpec {
  /** Origin only, e.g. http://127.0.0.1:1234 */
  origin: string;
  /** Paths requested in turn by every connection. */
  paths: string[];
  connections: number;
  durationSeconds: number;
  /** Run first and not measured (JIT, connection pools, caches). */
  warmupSeconds?: number;
  /** Requests sent in turn instead of GETs of `paths` (writes: method, headers, body). */
  requests?: { method: string; path: string; headers?: Record<string, string>; body?: string }[];
  /** `[<id>]` in a request becomes a unique id (unique e-mails, titles). */
  idReplacement?: boolean;
  /** Every request from another client address (X-Forwarded-For; the API trusts one proxy). */
  uniqueClientAddress?: boolean;
}

export interface LoadResult {
  requestsPerSecond: number;
  totalRequests: number;
  durationSeconds: number;
  latencyMs: { mean: number; p50: number; p90: number; p99: number; max: number };
  errors: number;
  timeouts: number;
  non2xx: number;
  statusCodes: Record<string, number>;
}

const round = (value: number, digits = 2) => Math.round(value * 10 ** digits) / 10 ** digits;

let current: { stop(): void } | undefined;
process.once('SIGTERM', () => {
  current?.stop();
  process.exit(143);
});

let addresses = 0;
/** 10.x.y.z, a new one per call (16 million before it wraps). */
const nextAddress = () => {
  const n = addresses++;
  return `10.${(n >> 16) & 255}.${(n >> 8) & 255}.${n & 255}`;
};

function run(spec: LoadSpec, seconds: number, onLatency?: (ms: number) => void) {
  const requests = (spec.requests ?? spec.paths.map((path) => ({ method: 'GET', path }))).map((request) =>
    spec.uniqueClientAddress
      ? {
          ...request,
          setupRequest: (built: AutocannonRequest): AutocannonRequest => ({
            ...built,
            headers: { ...built.headers, 'x-forwarded-for': nextAddress() },
          }),
        }
      : request,
  );
  const instance = autocannon({
    url: spec.origin,
    connections: spec.connections,
    duration: seconds,
    // Longer than a run: a slow scenario still reports its latency instead of only timeouts.
    timeout: 30,
    idReplacement: spec.idReplacement ?? false,
    requests,
  });
  current = instance;
  // autocannon's own histogram keeps whole milliseconds; healthz answers well under one.
  if (onLatency) {
    instance.on('response', (_client: unknown, _status: number, _bytes: number, ms: number) => onLatency(ms));
  }
  return instance;
}

async function main(): Promise<void> {
  const spec = JSON.parse(process.argv[2] ?? '') as LoadSpec;
  if (!/^http:\/\/127\.0\.0\.1:\d+$/.test(spec.origin))
    throw new Error(`Not a loopback origin: ${spec.origin}`);
  if (spec.warmupSeconds) await run(spec, spec.warmupSeconds);
  const latencies: number[] = [];
  const result = await run(spec, spec.durationSeconds, (ms) => latencies.push(ms));
  latencies.sort((a, b) => a - b);
  const statusCodes = Object.fromEntries(
    Object.entries(result.statusCodeStats).map(([code, stats]) => [code, stats.count]),
  );
  const total = latencies.length;
  const output: LoadResult = {
    requestsPerSecond: round(total / result.duration, 1),
    totalRequests: total,
    durationSeconds: round(result.duration, 2),
    latencyMs: {
      mean: round(latencies.reduce((sum, ms) => sum + ms, 0) / Math.max(total, 1), 3),
      p50: round(percentile(latencies, 50), 3),
      p90: round(percentile(latencies, 90), 3),
      p99: round(percentile(latencies, 99), 3),
      max: round(latencies[total - 1] ?? 0, 3),
    },
    errors: result.errors,
    timeouts: result.timeouts,
    non2xx: result.non2xx,
    statusCodes,
  };
  process.stdout.write(`${JSON.stringify(output)}\n`);
}

main().catch((err: unknown) => {
  process.stderr.write(`${err instanceof Error ? err.stack : String(err)}\n`);
  process.exitCode = 1;
});
