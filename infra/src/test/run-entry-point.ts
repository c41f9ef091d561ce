import { spawn } from 'node:child_process';
import { fileURLToPath } from 'node:url';

const repoRoot = fileURLToPath(new URL('../../..', import.meta.url));

export interface EntryPointRun {
  code: number | null;
  stdout: string;
  stderr: string;
}

/**
 * Runs a process entry point (e.g. `infra/src/start.ts`, or a compiled `api/dist/main.cjs`) with only
 * the given variables (plus PATH and HOME); TypeScript through tsx, JavaScript with plain node.
 */
export function runEntryPoint(
  file: string,
  env: Record<string, string>,
  timeoutMs = 15_000,
): Promise<EntryPointRun> {
  return new Promise((resolve, reject) => {
    const loader = file.endsWith('.ts') ? ['--import', 'tsx'] : [];
    const child = spawn(process.execPath, [...loader, file], {
      cwd: repoRoot,
      env: { PATH: process.env.PATH ?? '', HOME: process.env.HOME ?? '', ...env },
    });
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (chunk) => {
      stdout += chunk;
    });
    child.stderr.on('data', (chunk) => {
      stderr += chunk;
    });
    const timer = setTimeout(() => child.kill('SIGKILL'), timeoutMs);
    child.once('error', reject);
    child.once('exit', (code) => {
      clearTimeout(timer);
      resolve({ code, stdout, stderr });
    });
  });
}
