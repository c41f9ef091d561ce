/**
 * The load of one round of bench/admin-lists.ts, run as its child process so it shares no event loop
 * with the API or the ceiling server. For each path in turn: `amount` requests (after `warmupAmount`
 * unmeasured ones) from `connections` connections to each target, one target right after the other
 * in the order given. Input: one JSON argument (AdminRoundSpec); output: one JSON line
 * (AdminRoundResult[], one per path).
 */
import { type LoadResult, runAutocannon } from './autocannon-run.ts';
import { cpuSeconds } from './child-process.ts';

export interface AdminRoundSpec {
  /** Loopback origins by name (`api`, `ceiling`), loaded in this order for each path. */
  targets: [string, string][];
  paths: string[];
  /** Sent with every request (the signed-in admin's cookie, the TLS proxy's header). */
  headers: Record<string, string>;
  connections: number;
  amount: number;
  warmupAmount: number;
  /** The API process (target `api`): its CPU time per measured request is reported. */
  apiPid: number;
}

export interface AdminRoundResult {
  path: string;
  /** By target name. */
  results: Record<string, LoadResult>;
  /** The API's CPU time (all its threads, GC included) per measured request, ms. */
  apiCpuMsPerRequest: number;
}

async function main(): Promise<void> {
  const spec = JSON.parse(process.argv[2] ?? '') as AdminRoundSpec;
  const output: AdminRoundResult[] = [];
  for (const path of spec.paths) {
    const results: Record<string, LoadResult> = {};
    let apiCpuMsPerRequest = 0;
    for (const [name, origin] of spec.targets) {
      const options = {
        origin,
        connections: spec.connections,
        requests: [{ method: 'GET', path, headers: spec.headers }],
      };
      if (spec.warmupAmount > 0) await runAutocannon({ ...options, amount: spec.warmupAmount }, false);
      const cpuBefore = name === 'api' ? cpuSeconds(spec.apiPid) : 0;
      results[name] = await runAutocannon({ ...options, amount: spec.amount }, true);
      if (name === 'api') {
        const cpuMs = (cpuSeconds(spec.apiPid) - cpuBefore) * 1000;
        apiCpuMsPerRequest = Math.round((cpuMs / Math.max(results[name].totalRequests, 1)) * 100) / 100;
      }
    }
    output.push({ path, results, apiCpuMsPerRequest });
  }
  process.stdout.write(`${JSON.stringify(output)}\n`);
}

main().catch((err: unknown) => {
  process.stderr.write(`${err instanceof Error ? err.stack : String(err)}\n`);
  process.exitCode = 1;
});
