import { type ChildProcess, spawn } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import type { LoadResult, LoadSpec } from './load-generator.ts';

const GENERATOR = fileURLToPath(new URL('./load-generator.ts', import.meta.url));

const running = new Set<ChildProcess>();

/** Stops load generators still running (bench interrupted); only the children this process started. */
export function stopLoadGenerators(): void {
  for (const child of running) child.kill('SIGTERM');
}

/** Runs one scenario's load in a child process and returns its figures. */
export function runLoad(spec: LoadSpec): Promise<LoadResult> {
  // Bounded even if autocannon never ends: the run plus a generous margin for startup.
  const timeoutMs = (spec.durationSeconds + (spec.warmupSeconds ?? 0) + 60) * 1000;
  return runGenerator<LoadResult>(GENERATOR, spec, timeoutMs);
}

/**
 * Runs a load generator script (`node --import tsx <script> <JSON input>`) in a child process, so
 * the load shares no event loop with the servers it measures, and returns its last stdout line.
 */
export function runGenerator<T>(script: string, input: unknown, timeoutMs: number): Promise<T> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, ['--import', 'tsx', script, JSON.stringify(input)], {
      stdio: ['ignore', 'pipe', 'pipe'],
      timeout: timeoutMs,
    });
    running.add(child);
    let stdout = '';
    let stderr = '';
    child.stdout.setEncoding('utf8').on('data', (chunk: string) => {
      stdout += chunk;
    });
    child.stderr.setEncoding('utf8').on('data', (chunk: string) => {
      stderr += chunk;
    });
    child.on('error', (err) => {
      running.delete(child);
      reject(err);
    });
    child.on('close', (code, signal) => {
      running.delete(child);
      const last = stdout.trim().split('\n').at(-1) ?? '';
      if (code !== 0 || !/^[[{]/.test(last)) {
        reject(
          new Error(`load generator failed (${signal ?? `exit ${code}`}): ${stderr.trim().slice(-1000)}`),
        );
        return;
      }
      resolve(JSON.parse(last) as T);
    });
  });
}
