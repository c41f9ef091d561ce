import { type ChildProcess, spawn } from 'node:child_process';
import { fileURLToPath } from 'node:url';

const repoRoot = fileURLToPath(new URL('../..', import.meta.url));

export interface SpawnedProcess {
  child: ChildProcess;
  /** What the process printed after `ready ` on its first such line (JSON). */
  ready: Record<string, unknown>;
  /** Everything written to stderr so far (for failure messages). */
  stderr(): string;
  /** SIGKILL: the crash of a drill, nothing closed cleanly. */
  kill(): Promise<void>;
  /** SIGTERM and wait for the exit. */
  stop(): Promise<void>;
}

/**
 * Runs an entry file (`node --import tsx <file>`) as a process of its own, the way production runs
 * api and worker, and waits for it to print `ready {json}`. For tests that need two API processes
 * or a worker they can kill.
 */
export function spawnEntry(
  file: string,
  env: Record<string, string>,
  timeoutMs = 30_000,
): Promise<SpawnedProcess> {
  const child = spawn(process.execPath, ['--import', 'tsx', file], {
    cwd: repoRoot,
    env: { PATH: process.env.PATH ?? '', HOME: process.env.HOME ?? '', ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let stdout = '';
  let stderr = '';
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  child.stderr.on('data', (chunk) => {
    stderr += chunk;
  });
  const signal = async (name: NodeJS.Signals) => {
    if (child.exitCode === null && child.signalCode === null) child.kill(name);
    await exited;
  };
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => {
      child.kill('SIGKILL');
      reject(new Error(`${file} not ready within ${timeoutMs} ms: ${stderr}`));
    }, timeoutMs);
    child.once('exit', (code) => {
      clearTimeout(timer);
      reject(new Error(`${file} exited (${code}) before it was ready: ${stderr}`));
    });
    child.stdout.on('data', (chunk) => {
      stdout += chunk;
      const line = stdout.split('\n').find((candidate) => candidate.startsWith('ready '));
      if (!line) return;
      clearTimeout(timer);
      resolve({
        child,
        ready: JSON.parse(line.slice('ready '.length)) as Record<string, unknown>,
        stderr: () => stderr,
        kill: () => signal('SIGKILL'),
        stop: () => signal('SIGTERM'),
      });
    });
  });
}
