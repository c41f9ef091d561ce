import { execFile } from 'node:child_process';
import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { loadStorageConfig } from '@blog/api/config';
import { createImageStorage, type ImageStorage } from '@blog/api/images/storage';
import { createTestBucketEnv } from '@blog/api/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

const repoRoot = fileURLToPath(new URL('../../..', import.meta.url));
const run = promisify(execFile);

let dataDir: string;
let env: Record<string, string>;
let bucket: ImageStorage;

beforeAll(async () => {
  dataDir = await mkdtemp(path.join(os.tmpdir(), 'blog-migrate-'));
  env = { ...(await createTestBucketEnv()), DATA_DIR: dataDir };
  bucket = createImageStorage(loadStorageConfig(env));
  await mkdir(path.join(dataDir, 'uploads'));
  for (const name of ['a-480w.webp', 'b.png', 'c.jpg'])
    await writeFile(path.join(dataDir, 'uploads', name), `bajty ${name}`);
  await writeFile(path.join(dataDir, 'uploads', '.hidden'), 'not an upload');
});
afterAll(async () => {
  bucket?.close();
  await rm(dataDir, { recursive: true, force: true });
});

const migrate = () =>
  run(process.execPath, ['--import', 'tsx', 'infra/src/ops/storage-migrate.ts'], {
    cwd: repoRoot,
    env: { PATH: process.env.PATH ?? '', ...env },
  });

const bucketNames = async () => {
  const names: string[] = [];
  for await (const file of bucket.list()) names.push(file.fileName);
  return names.sort();
};

describe('npm run storage:migrate', () => {
  it('copies local uploads into the bucket, skips what is there on the next run, and resumes', async () => {
    const first = await migrate();
    expect(first.stdout).toContain('Skopiowano 3 z 3 plików');
    expect(first.stderr).toMatch(/Kopiowanie obrazów do s3:\/\/blog-test-\w+: 3\/3 \(100%\)/);
    expect(await bucketNames()).toEqual(['a-480w.webp', 'b.png', 'c.jpg']);
    const stored = await bucket.open('b.png');
    expect(stored?.size).toBe('bajty b.png'.length);
    stored?.stream.destroy();

    expect((await migrate()).stdout).toContain('Skopiowano 0 z 3 plików');

    // An interrupted run left one file out: the next run copies just that one.
    await bucket.remove('c.jpg');
    expect((await migrate()).stdout).toContain('Skopiowano 1 z 3 plików');
    expect(await bucketNames()).toEqual(['a-480w.webp', 'b.png', 'c.jpg']);
  });

  it('refuses to run without STORAGE=s3', async () => {
    await expect(
      run(process.execPath, ['--import', 'tsx', 'infra/src/ops/storage-migrate.ts'], {
        cwd: repoRoot,
        env: { PATH: process.env.PATH ?? '', DATA_DIR: dataDir },
      }),
    ).rejects.toMatchObject({ stderr: expect.stringContaining('Set STORAGE=s3') });
  });
});
