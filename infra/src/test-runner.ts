import { spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { chromiumPath, chromiumRuns, missingChromiumMessage, selectsBrowserTests } from './browser-check.ts';

/**
 * `npm test`: builds the web (the browser tests drive the real bundle), runs every vitest project
 * against real PostgreSQL and Redis, and ends with a plain `N passed, N failed` line that CI reads.
 * Extra arguments go to vitest (e.g. `npm test -- --project api`).
 */
const run = (command: string, args: string[]) =>
  spawnSync(command, args, { stdio: 'inherit', env: process.env }).status ?? 1;

let extraArgs = process.argv.slice(2);
// Without Chromium every browser test would fail one by one: say so once, run the rest, and fail the run.
let browserSkipped: string | undefined;
if (selectsBrowserTests(extraArgs) && !chromiumRuns(chromiumPath())) {
  browserSkipped = missingChromiumMessage(chromiumPath());
  process.stderr.write(`\n${browserSkipped}\n\n`);
  extraArgs = [...extraArgs, '--project', 'api', '--project', 'web'];
}
const onlyNonBrowser = !selectsBrowserTests(extraArgs);
if (!onlyNonBrowser && run('npm', ['run', 'build', '--silent']) !== 0) {
  process.stderr.write('web build failed\n');
  process.exit(1);
}

type FileResult = { name: string; startTime: number; endTime: number };

/**
 * Where a run's time went, for the CI log: per phase (api and web files side by side, then e2e alone),
 * the wall-clock span from its first file's start to its last file's end, and the files' summed time.
 */
function phaseTimes(files: FileResult[]): string {
  const phases = new Map<string, FileResult[]>();
  for (const file of files) {
    const phase = path.relative(process.cwd(), file.name).startsWith(`e2e${path.sep}`) ? 'e2e' : 'api+web';
    phases.set(phase, [...(phases.get(phase) ?? []), file]);
  }
  const seconds = (ms: number) => `${Math.round(ms / 1000)} s`;
  return [...phases]
    .map(([phase, list]) => {
      const span = Math.max(...list.map((f) => f.endTime)) - Math.min(...list.map((f) => f.startTime));
      const summed = list.reduce((total, f) => total + (f.endTime - f.startTime), 0);
      return `${phase}: ${list.length} files, ${seconds(span)} wall, ${seconds(summed)} summed`;
    })
    .join('; ');
}

const reportDir = mkdtempSync(path.join(os.tmpdir(), 'blog-vitest-'));
const reportFile = path.join(reportDir, 'report.json');
const status = run('npx', [
  'vitest',
  'run',
  '--reporter=default',
  '--reporter=json',
  `--outputFile.json=${reportFile}`,
  ...extraArgs,
]);

let summary: string;
try {
  const report = JSON.parse(readFileSync(reportFile, 'utf8')) as {
    numPassedTests: number;
    numFailedTests: number;
    numPendingTests: number;
    numTodoTests: number;
    testResults: FileResult[];
  };
  process.stdout.write(`\n${phaseTimes(report.testResults)}\n`);
  const failed = report.numFailedTests + (status !== 0 && report.numFailedTests === 0 ? 1 : 0);
  summary = `${report.numPassedTests} passed, ${failed} failed, ${report.numPendingTests + report.numTodoTests} skipped`;
} catch {
  summary = `0 passed, 1 failed`;
}
rmSync(reportDir, { recursive: true, force: true });
if (browserSkipped) process.stdout.write(`\n${browserSkipped}\n`);
process.stdout.write(`\n${summary}${browserSkipped ? ', e2e not run (no Chromium)' : ''}\n`);
process.exit(browserSkipped ? status || 1 : status);
