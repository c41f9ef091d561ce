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

/** Each bundle lands at the same depth as its source, so `new URL('../../web/dist', import.meta.url)` still points where it did. */
export const serverEntries = [
  { source: 'api/src/main.ts', output: 'api/dist/main.cjs' },
  { source: 'worker/src/main.ts', output: 'worker/dist/main.cjs' },
] as const;

/**
 * V8 flags production starts both processes with (package.json start:*, the Dockerfile, the bench;
 * tests keep them in step); `npm run bench:flags` A/Bs them (bench/results/node-flags.md).
 * - The young generation capped at 8 MB per half instead of growing to 16. At 4 (chosen first: idle
 *   RSS 116 MB instead of 126) a request's objects still in flight were copied by far more scavenges
 *   once cached answers cost a few µs each: under the mixed public read load 74.8 µs of CPU a request
 *   against 66.5 at V8's own size (RSS peak 249 vs 272 MB); 8 gives the same CPU as 16 (63.4 vs 66.8
 *   µs) at 259 MB instead of 277 (bench/results/node-flags.md, 2026-11-30).
 * - The old generation may grow to 1.6x what the last full GC kept (V8 picks up to 4x on its own).
 *   Before server rendering, 2x held the API at 160 MB instead of 220 under the public read load at
 *   the same CPU per request, where 60 % cost 6 % more CPU. With the pages rendered on the server
 *   (React and the design system in the process, rendered pages in the cache) 2x let it reach 188–203
 *   MB; 60 % held it at 175 MB with no measurable CPU difference (54.5 vs 57.3 µs per request, 3
 *   interleaved rounds, 2026-11-27). It sets a growing factor, not a limit: a larger live heap still
 *   gets the room it needs.
 */
export const PRODUCTION_NODE_FLAGS: readonly string[] = [
  '--max-semi-space-size=8',
  '--heap-growing-percent=60',
];

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
