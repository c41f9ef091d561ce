import { mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';

/**
 * Polls `check` every `everyMs` until it holds; the milliseconds it took. `what` names the awaited
 * event in the timeout's message (a function when the message needs what the polls saw).
 */
export async function until(
  what: string | (() => string),
  check: () => boolean | Promise<boolean>,
  timeoutMs = 30_000,
  everyMs = 50,
): Promise<number> {
  const started = Date.now();
  while (!(await check())) {
    if (Date.now() - started > timeoutMs)
      throw new Error(
        `timed out after ${timeoutMs} ms waiting for ${typeof what === 'string' ? what : what()}`,
      );
    await new Promise((resolve) => setTimeout(resolve, everyMs));
  }
  return Date.now() - started;
}

/**
 * A drill's figures (recovery times, lost and duplicated counts) as `<DRILL_REPORT_DIR>/<name>.json`
 * when that variable is set (`npm run test:security` sets it and gathers them into one report).
 */
export function recordDrillFigures(name: string, figures: Record<string, unknown>): void {
  const dir = process.env.DRILL_REPORT_DIR;
  if (!dir) return;
  mkdirSync(dir, { recursive: true });
  writeFileSync(
    path.join(dir, `${name}.json`),
    `${JSON.stringify({ name, at: new Date().toISOString(), ...figures }, null, 2)}\n`,
  );
}
