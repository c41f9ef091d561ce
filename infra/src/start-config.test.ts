import { spawn } from 'node:child_process';
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';

const repoRoot = fileURLToPath(new URL('../..', import.meta.url));

/** Runs `npm start`'s entry point with only the given variables (plus PATH and HOME). */
function runStart(
  env: Record<string, string>,
): Promise<{ code: number | null; stdout: string; stderr: string }> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, ['--import', 'tsx', 'infra/src/start.ts'], {
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
    const timer = setTimeout(() => child.kill('SIGKILL'), 15_000);
    child.once('error', reject);
    child.once('exit', (code) => {
      clearTimeout(timer);
      resolve({ code, stdout, stderr });
    });
  });
}

describe('npm start with a bad environment', () => {
  let dataDir: string;
  beforeAll(async () => {
    dataDir = await mkdtemp(path.join(os.tmpdir(), 'blog-start-config-'));
  });
  afterAll(async () => {
    await rm(dataDir, { recursive: true, force: true });
  });

  it('stops at once with one line naming PORT when PORT is not a number', async () => {
    const result = await runStart({ DATA_DIR: dataDir, PORT: 'abc' });
    expect(result.code).toBe(1);
    expect(result.stderr.trim().split('\n')).toEqual([expect.stringContaining('PORT')]);
    expect(result.stdout).not.toContain('Blog is running');
  });

  it('says in one line that PostgreSQL does not answer, without a stack trace', async () => {
    const result = await runStart({ DATA_DIR: dataDir, DATABASE_URL: 'postgres://postgres@127.0.0.1:1/x' });
    expect(result.code).toBe(1);
    expect(result.stderr.trim().split('\n')).toEqual([
      'Cannot connect to PostgreSQL at 127.0.0.1:1: connection refused',
    ]);
  });

  it('says in one line that Redis does not answer', async () => {
    // A PostgreSQL that answers (the test run's), so the Redis check is the one that fails.
    const result = await runStart({
      DATA_DIR: dataDir,
      DATABASE_URL: inject('adminDatabaseUrl'),
      REDIS_URL: 'redis://127.0.0.1:1',
    });
    expect(result.code).toBe(1);
    expect(result.stderr.trim().split('\n')).toEqual([
      'Cannot connect to Redis at 127.0.0.1:1: connection refused',
    ]);
  });
});
