import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { runEntryPoint } from './test/run-entry-point.ts';

/** Runs `npm start`'s entry point with only the given variables (plus PATH and HOME). */
const runStart = (env: Record<string, string>) => runEntryPoint('infra/src/start.ts', env);

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
