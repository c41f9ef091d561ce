import { type ChildProcess, spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { createScratchDatabase, type ScratchDatabase } from '@blog/api/testing';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { buildServer, serverEntries } from './build-server.ts';
import { findFreePort } from './services/free-port.ts';
import { runEntryPoint } from './test/run-entry-point.ts';

const repoRoot = fileURLToPath(new URL('../..', import.meta.url));
const bundleOf = (source: string) => serverEntries.find((entry) => entry.source === source)!.output;

/**
 * The processes production runs: compiled by `npm run build` (infra/src/build-server.ts) and started
 * with plain node, no TypeScript loader. They must boot, answer through the whole stack and stop.
 */
let database: ScratchDatabase;
let dataDir: string;
let env: Record<string, string>;

beforeAll(async () => {
  await buildServer();
  database = await createScratchDatabase(inject('adminDatabaseUrl'), 'blog_scratch_bundle');
  dataDir = mkdtempSync(path.join(tmpdir(), 'blog-bundle-'));
  env = {
    PATH: process.env.PATH ?? '',
    HOME: process.env.HOME ?? '',
    NODE_ENV: 'production',
    DATABASE_URL: database.url,
    REDIS_URL: inject('redisUrl'),
    // Under the run's prefix (`<prefix>:*`), so the run's teardown removes the worker's queues too.
    REDIS_PREFIX: `${inject('redisPrefix')}:bundle`,
    SESSION_SECRET: randomBytes(32).toString('base64url'),
    ENCRYPTION_KEY: randomBytes(32).toString('hex'),
    DATA_DIR: dataDir,
    LOG_LEVEL: 'silent',
  };
}, 60_000);

afterAll(async () => {
  await database?.drop();
  if (dataDir) rmSync(dataDir, { recursive: true, force: true });
});

function start(
  file: string,
  extraEnv: Record<string, string>,
): { child: ChildProcess; exit: Promise<number | null> } {
  const child = spawn(process.execPath, [file], {
    cwd: repoRoot,
    env: { ...env, ...extraEnv },
    stdio: 'ignore',
  });
  return { child, exit: new Promise((resolve) => child.once('exit', resolve)) };
}

async function waitFor(url: string, child: ChildProcess): Promise<void> {
  const deadline = Date.now() + 45_000;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`${url}: the process exited with ${child.exitCode}`);
    const ok = await fetch(url).then(
      (response) => response.ok,
      () => false,
    );
    if (ok) return;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  throw new Error(`${url} did not answer within 45 s`);
}

describe('the compiled api process', () => {
  it('migrates, serves the public API and the contract-checked stack, and stops cleanly', async () => {
    const port = await findFreePort();
    const api = start(bundleOf('api/src/main.ts'), { PORT: String(port) });
    try {
      const origin = `http://127.0.0.1:${port}`;
      await waitFor(`${origin}/readyz`, api.child);

      const posts = await fetch(`${origin}/api/posts?page=1&limit=6`);
      expect(posts.status).toBe(200);
      expect(await posts.json()).toEqual([]);
      expect(posts.headers.get('x-total-count')).toBe('0');
      // Access rules come from the contract: an admin call without a session is 401, an unknown one 404.
      expect((await fetch(`${origin}/api/admin/users`)).status).toBe(401);
      const unknown = await fetch(`${origin}/api/nie-ma-takiego`);
      expect(unknown.status).toBe(404);
      expect(await unknown.json()).toMatchObject({ error: 'not_found' });
    } finally {
      api.child.kill('SIGTERM');
    }
    expect(await api.exit).toBe(0);
  }, 60_000);
});

describe('the compiled worker process', () => {
  it('starts its queues and stops cleanly', async () => {
    const port = await findFreePort();
    const worker = start(bundleOf('worker/src/main.ts'), { WORKER_METRICS_PORT: String(port) });
    try {
      await waitFor(`http://127.0.0.1:${port}/metrics`, worker.child);
    } finally {
      worker.child.kill('SIGTERM');
    }
    expect(await worker.exit).toBe(0);
  }, 60_000);
});

describe('a compiled process with a bad environment', () => {
  it('fails with one readable line', async () => {
    const run = await runEntryPoint(bundleOf('api/src/main.ts'), {
      DATABASE_URL: database.url,
      REDIS_URL: inject('redisUrl'),
    });
    expect(run.code).toBe(1);
    expect(run.stderr.trim()).toMatch(/^api: Invalid configuration: SESSION_SECRET is required/);
  });
});
