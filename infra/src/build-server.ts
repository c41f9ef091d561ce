/**
 * Compiles the production processes (api/src/main.ts, worker/src/main.ts) into one JavaScript file
 * each, so production runs plain `node` with no TypeScript loader: no transpiling at start and no
 * loader thread or transpiled copies of every module in memory (cold start and RSS).
 * Only the workspace's own code (@blog/*) is bundled; npm packages stay in node_modules, loaded by
 * Node as usual (native ones — sharp, argon2 — and bullmq's Lua scripts need their own directories).
 *
 * esbuild is what tsx already runs on, with the same root tsconfig (legacy decorators,
 * useDefineForClassFields false), so the bundle behaves as the tests' code does.
 */
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { openapiPath } from '@blog/shared';
import { build, type Plugin } from 'esbuild';
import { parse } from 'yaml';
import { contractPathsOf } from '../../api/src/app/contract-operations.ts';
import { runtimeSchemasOf } from '../../api/src/http/contract-schemas.ts';

const repoRoot = fileURLToPath(new URL('../..', import.meta.url));

/**
 * V8 flags the API starts with in production (package.json start:api, the Dockerfile, the bench; tests
 * keep them in step): none, V8's own sizes. `npm run bench:flags` A/Bs them
 * (bench/results/node-flags.md).
 * - The API ran with WORKER_NODE_FLAGS until 2026-12-01, for memory (RSS peak 254 MB under the mixed
 *   public read load, against 295 at V8's own sizes). Measured again then, on a quiet machine, 3
 *   interleaved rounds: 80.4 µs of CPU a request under that load against 55.4 at V8's own sizes (lower
 *   in each round), and 43.6 against 37.5 µs for a small cached answer (8 rounds). A CPU-bound reader
 *   path is worth 40 MB. (With either flag the API's optimised stream code built every
 *   `process.nextTick` entry in V8's runtime from the first seconds, 7 % of a small hit's CPU in
 *   `perf`; without them it did not in a fresh process, though a long-running one under the bench
 *   came to it too, at 5 %: V8's doing, not the app's, see node-flags.md.)
 */
export const API_NODE_FLAGS: readonly string[] = [];

/**
 * V8 flags the worker starts with in production (package.json start:worker, the Dockerfile). It serves
 * no reader; its memory is what these save:
 * - The young generation capped at 8 MB per half instead of growing to 16 (at 4, a request's objects
 *   still in flight were copied by far more scavenges: 74.8 µs of CPU a request against 66.5 under the
 *   API's read load, bench/results/node-flags.md, 2026-11-30).
 * - The old generation may grow to 1.6x what the last full GC kept (V8 picks up to 4x on its own). It
 *   sets a growing factor, not a limit: a larger live heap still gets the room it needs.
 */
export const WORKER_NODE_FLAGS: readonly string[] = ['--max-semi-space-size=8', '--heap-growing-percent=60'];

/**
 * Each bundle lands at the same depth as its source, so `new URL('../../web/dist', import.meta.url)`
 * still points where it did; `nodeFlags`, what production starts it with.
 */
export const serverEntries = [
  { source: 'api/src/main.ts', output: 'api/dist/main.cjs', nodeFlags: API_NODE_FLAGS },
  { source: 'worker/src/main.ts', output: 'worker/dist/main.cjs', nodeFlags: WORKER_NODE_FLAGS },
] as const;

const npmPackagesStayExternal: Plugin = {
  name: 'npm-packages-stay-external',
  setup(pluginBuild) {
    // Bare specifiers ("express", "node:fs", "@scope/pkg") except the workspace's own packages.
    pluginBuild.onResolve({ filter: /^[^./]/ }, (args) =>
      args.path.startsWith('@blog/') ? undefined : { path: args.path, external: true },
    );
  },
};

export async function buildServer(): Promise<void> {
  // The API's contract matcher gets its table at build time instead of parsing the YAML at start.
  const contract = parse(readFileSync(openapiPath, 'utf8'));
  const contractPaths = JSON.stringify(contractPathsOf(contract));
  // And the response schemas it makes stored values fit (http/contract-schemas.ts).
  const contractSchemas = JSON.stringify(runtimeSchemasOf(contract));
  await Promise.all(
    serverEntries.map((entry) =>
      build({
        absWorkingDir: repoRoot,
        entryPoints: [entry.source],
        outfile: entry.output,
        bundle: true,
        platform: 'node',
        // CommonJS, not ESM: every npm package is loaded with plain require(), without the ESM
        // loader scanning each CommonJS package for its export names — ~30% less CPU to start
        // (1.9 s vs 2.7 s in A/B runs here). import.meta.url is the bundle's own file URL.
        format: 'cjs',
        define: {
          'import.meta.url': '__bundleFileUrl',
          __CONTRACT_PATHS__: contractPaths,
          __CONTRACT_SCHEMAS__: contractSchemas,
        },
        banner: { js: "const __bundleFileUrl = require('node:url').pathToFileURL(__filename).href;" },
        target: 'node20',
        tsconfig: 'tsconfig.json',
        // Not minified and without a source map: a stack trace names readable functions, and the
        // bundle marks each source file with a `// api/src/…` comment.
        legalComments: 'none',
        logLevel: 'warning',
        plugins: [npmPackagesStayExternal],
      }),
    ),
  );
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  await buildServer();
}
