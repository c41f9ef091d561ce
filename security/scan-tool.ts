// The scan's log line, and running one scanner (wapiti, sqlmap) as a child process.
import { spawn } from 'node:child_process';

export const log = (message: string) =>
  process.stderr.write(`[scan] ${new Date().toISOString()} ${message}\n`);

/**
 * Runs a scanner without blocking this process's event loop: the API and the proxy it scans live
 * here. Killed at `timeoutMs`.
 */
export function runTool(
  command: string,
  args: string[],
  timeoutMs: number,
): Promise<{ stdout: string; stderr: string; timedOut: boolean }> {
  return new Promise((resolve, reject) => {
    const child = spawn(command, args, { stdio: ['ignore', 'pipe', 'pipe'] });
    let stdout = '';
    let stderr = '';
    let timedOut = false;
    child.stdout.setEncoding('utf8').on('data', (chunk: string) => (stdout += chunk));
    child.stderr.setEncoding('utf8').on('data', (chunk: string) => (stderr += chunk));
    const timer = setTimeout(() => {
      timedOut = true;
      child.kill('SIGTERM');
    }, timeoutMs);
    child.on('error', reject);
    child.on('close', () => {
      clearTimeout(timer);
      resolve({ stdout, stderr, timedOut });
    });
  });
}
