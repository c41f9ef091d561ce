/**
 * The load of one round of bench/admin-lists.ts, run as its child process so it shares no event loop
 * with the servers it measures. For each path in turn: `amount` requests (after `warmupAmount`
 * unmeasured ones) from `connections` connections to each target, one target right after the other
 * in the order given. Input: one JSON argument (AdminRoundSpec); output: one JSON line
 * (AdminRoundResult[], one per path).
 */
import { type LoadResult, runAutocannon } from './autocannon-run.ts';
import { cpuSeconds } from './child-process.ts';

export interface AdminTarget {
  /** `api`, `baseline`, `ceiling`. */
  name: string;
  /** Loopback origin. */
  origin: string;
  /** The server's process: its CPU time per measured request is reported. */
  pid?: number;
}

export interface AdminRoundSpec {
  /** Loaded in this order for each path. */
  targets: AdminTarget[];
  paths: string[];
  /** Sent with every request (the signed-in admin's cookie, the TLS proxy's header). */
  headers: Record<string, string>;
  connections: number;
  amount: number;
  warmupAmount: number;
}

export interface AdminRoundResult {
  path: string;
  /** By target name. */
  results: Record<string, LoadResult>;
  /** By target name (those with a pid): CPU time of the process (all threads, GC included) per request, ms. */
  cpuMsPerRequest: Record<string, number>;
}

async function main(): Promise<void> {
  const spec = JSON.parse(process.argv[2] ?? '') as AdminRoundSpec;
  const output: AdminRoundResult[] = [];
  for (const path of spec.paths) {
    const results: Record<string, LoadResult> = {};
    const cpuMsPerRequest: Record<string, number> = {};
    for (const { name, origin, pid } of spec.targets) {
      const options = {
        origin,
        connections: spec.connections,
        requests: [{ method: 'GET', path, headers: spec.headers }],
      };
      if (spec.warmupAmount > 0) await runAutocannon({ ...options, amount: spec.warmupAmount }, false);
      const cpuBefore = pid === undefined ? 0 : cpuSeconds(pid);
      const result = await runAutocannon({ ...options, amount: spec.amount }, true);
      results[name] = result;
      if (pid !== undefined) {
        const cpuMs = (cpuSeconds(pid) - cpuBefore) * 1000;
        cpuMsPerRequest[name] = Math.round((cpuMs / Math.max(result.totalRequests, 1)) * 100) / 100;
      }
    }
    output.push({ path, results, cpuMsPerRequest });
  }
  process.stdout.write(`${JSON.stringify(output)}\n`);
}

main().catch((err: unknown) => {
  process.stderr.write(`${err instanceof Error ? err.stack : String(err)}\n`);
  process.exitCode = 1;
});
