/**
 * The load generator, run as a child process of bench/run.ts so it never shares an event loop
 * with the server it measures. Input: one JSON argument (LoadSpec); output: one JSON line (LoadResult).
 */
import type { AutocannonRequest } from 'autocannon';
import { runAutocannon } from './autocannon-run.ts';

export type { LoadResult } from './autocannon-run.ts';

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

let addresses = 0;
/** 10.x.y.z, a new one per call (16 million before it wraps). */
const nextAddress = () => {
  const n = addresses++;
  return `10.${(n >> 16) & 255}.${(n >> 8) & 255}.${n & 255}`;
};

function requestsOf(spec: LoadSpec): AutocannonRequest[] {
  return (spec.requests ?? spec.paths.map((path) => ({ method: 'GET', path }))).map((request) =>
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
}

async function main(): Promise<void> {
  const spec = JSON.parse(process.argv[2] ?? '') as LoadSpec;
  const options = {
    origin: spec.origin,
    connections: spec.connections,
    requests: requestsOf(spec),
    idReplacement: spec.idReplacement,
  };
  if (spec.warmupSeconds) await runAutocannon({ ...options, seconds: spec.warmupSeconds }, false);
  const output = await runAutocannon({ ...options, seconds: spec.durationSeconds }, true);
  process.stdout.write(`${JSON.stringify(output)}\n`);
}

main().catch((err: unknown) => {
  process.stderr.write(`${err instanceof Error ? err.stack : String(err)}\n`);
  process.exitCode = 1;
});
