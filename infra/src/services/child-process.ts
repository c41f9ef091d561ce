import { type ChildProcess, execFile } from 'node:child_process';

export interface RunResult {
  code: number;
  stdout: string;
  stderr: string;
}

/** Runs a program to completion; never throws for a non-zero exit, the caller decides. */
export function runProgram(
  file: string,
  args: string[],
  options: { uid?: number; gid?: number; cwd?: string; env?: NodeJS.ProcessEnv } = {},
): Promise<RunResult> {
  return new Promise((resolve, reject) => {
    execFile(
      file,
      args,
      { ...options, encoding: 'utf8', maxBuffer: 4 * 1024 * 1024 },
      (error, stdout, stderr) => {
        if (error && typeof error.code !== 'number') return reject(error);
        resolve({ code: typeof error?.code === 'number' ? error.code : 0, stdout, stderr });
      },
    );
  });
}

/** Resolves once the child has exited; sends SIGKILL when it is still there after `timeoutMs`. */
export function waitForExit(child: ChildProcess, timeoutMs: number): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return Promise.resolve();
  return new Promise((resolve) => {
    const timer = setTimeout(() => child.kill('SIGKILL'), timeoutMs);
    child.once('exit', () => {
      clearTimeout(timer);
      resolve();
    });
  });
}

/**
 * Runs `kill` when this Node process exits, so a crash or an early `process.exit` leaves no
 * server behind. Returns the function that removes the hook (call it after a clean stop).
 */
export function onProcessExit(kill: () => void): () => void {
  const listener = () => {
    try {
      kill();
    } catch {
      // The process may already be gone; nothing else can be done while exiting.
    }
  };
  process.once('exit', listener);
  return () => process.off('exit', listener);
}

/** The last non-empty lines of a log, for an error message that says what went wrong. */
export function lastLines(text: string, count: number): string {
  return text
    .split('\n')
    .map((line) => line.trim())
    .filter(Boolean)
    .slice(-count)
    .join(' | ');
}
