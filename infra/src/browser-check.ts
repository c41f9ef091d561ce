import { spawnSync } from 'node:child_process';

/** Where the browser tests look for Chromium (e2e/support/browser.ts reads the same variable). */
export const chromiumPath = (env: NodeJS.ProcessEnv = process.env): string =>
  env.CHROMIUM_PATH ?? '/usr/bin/chromium';

/** Whether `path` is a browser that starts: it must answer `--version` within a few seconds. */
export function chromiumRuns(path: string): boolean {
  const result = spawnSync(path, ['--version', '--no-sandbox'], { timeout: 15_000, stdio: 'ignore' });
  return !result.error && result.status === 0;
}

/** Whether the vitest arguments select the browser project (no --project at all means every project). */
export function selectsBrowserTests(args: string[]): boolean {
  const projects = args.flatMap((arg, index) =>
    arg === '--project' ? [args[index + 1] ?? ''] : arg.startsWith('--project=') ? [arg.slice(10)] : [],
  );
  return projects.length === 0 || projects.includes('e2e');
}

/** One plain line for a newcomer whose machine has no Chromium. */
export const missingChromiumMessage = (path: string) =>
  `No Chromium at ${path}: the browser tests (project e2e) were NOT run. ` +
  'Install it with `apt-get install chromium` (Debian/Ubuntu), or set CHROMIUM_PATH to a Chromium or Chrome binary ' +
  '(on a machine with internet, `npx playwright install chromium` downloads one; point CHROMIUM_PATH at it).';
