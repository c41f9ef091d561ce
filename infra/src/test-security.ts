import { spawnSync } from 'node:child_process';
import { writeDrillSummary } from './drill-summary.ts';

/**
 * `npm run test:security`: the security suites at full strength, in under 20 minutes here.
 *
 * - the contract lint (Spectral with the OWASP API ruleset, .spectral.yaml), as `npm run lint:contract`;
 * - contract fuzzing at 1,000 cases per operation (FUZZ_RUNS), its report written to
 *   security/results/contract-fuzz.md (and .json beside it);
 * - every test file named `*.security.test.ts` (attacks as tests; `npm test` runs them too, this only
 *   gathers them), so a new suite joins by its name alone: the API's and the browser's (e2e, against
 *   the built product, so the web is built first);
 * - every fault drill, `*.drill.test.ts` (also in `npm test`); their figures (recovery times, lost
 *   and duplicated counts) go to security/results/drills.md.
 *
 * Extra arguments go to vitest. Exits non-zero when any step fails.
 */
const env = {
  ...process.env,
  FUZZ_RUNS: process.env.FUZZ_RUNS ?? '1000',
  FUZZ_CONCURRENCY: process.env.FUZZ_CONCURRENCY ?? '6',
  FUZZ_REPORT: process.env.FUZZ_REPORT ?? 'security/results/contract-fuzz.md',
  DRILL_REPORT_DIR: process.env.DRILL_REPORT_DIR ?? 'security/results/drills',
};
const run = (command: string, args: string[]) => {
  process.stdout.write(`\n=== ${command} ${args.join(' ')}\n`);
  return spawnSync(command, args, { stdio: 'inherit', env }).status ?? 1;
};

const failures: string[] = [];
if (run('npm', ['run', '--silent', 'lint:contract']) !== 0) failures.push('contract lint');
if (run('npm', ['run', '--silent', 'build']) !== 0) failures.push('build');
const suites = [
  'vitest',
  'run',
  '--project',
  'api',
  '--project',
  'e2e',
  'api/test/fuzz/',
  '.security.test.ts',
  '.drill.test.ts',
  ...process.argv.slice(2),
];
if (run('npx', suites) !== 0) failures.push('security tests');
const drills = writeDrillSummary(env.DRILL_REPORT_DIR);
if (drills) process.stdout.write(`\nDrill figures: ${drills}\n`);

process.stdout.write(
  failures.length ? `\ntest:security failed: ${failures.join(', ')}\n` : '\ntest:security passed\n',
);
process.exit(failures.length ? 1 : 0);
