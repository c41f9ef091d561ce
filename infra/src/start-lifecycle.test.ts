import { type ChildProcess, spawn } from 'node:child_process';
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { findFreePort } from './services/free-port.ts';

const repoRoot = fileURLToPath(new URL('../..', import.meta.url));

interface Started {
  child: ChildProcess;
  output: () => string;
  exited: Promise<number | null>;
}

/**
 * `npm start`'s entry point as a terminal runs it: its own process group, nothing configured (the
 * embedded PostgreSQL, Redis and mail catcher under `dataDir`), LOG_LEVEL as a newcomer has it.
 */
function start(dataDir: string, port: number): Started {
  const child = spawn(process.execPath, ['--import', 'tsx', 'infra/src/start.ts'], {
    cwd: repoRoot,
    detached: true,
    env: {
      PATH: process.env.PATH ?? '',
      HOME: process.env.HOME ?? '',
      DATA_DIR: dataDir,
      PORT: String(port),
    },
  });
  let output = '';
  child.stdout!.on('data', (chunk) => (output += chunk));
  child.stderr!.on('data', (chunk) => (output += chunk));
  const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));
  return { child, output: () => output, exited };
}

async function ready(run: Started, timeoutMs = 90_000): Promise<void> {
  const until = Date.now() + timeoutMs;
  while (!run.output().includes('Press Ctrl+C to stop.')) {
    if (run.child.exitCode !== null) throw new Error(`npm start ended:\n${run.output()}`);
    if (Date.now() > until) throw new Error(`npm start was not ready in time:\n${run.output()}`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

/** Asks again every 20 ms while the port refuses: the answer given the moment the server listens. */
async function firstAnswer(run: Started, url: string, timeoutMs = 90_000): Promise<Response> {
  const until = Date.now() + timeoutMs;
  for (;;) {
    try {
      return await fetch(url);
    } catch (error) {
      if (run.child.exitCode !== null) throw new Error(`npm start ended:\n${run.output()}`, { cause: error });
      if (Date.now() > until) throw error;
      await new Promise((resolve) => setTimeout(resolve, 20));
    }
  }
}

/**
 * Ctrl+C in a terminal: SIGINT to the whole process group, and under `npm start` npm forwards it to
 * its child once more, a moment later.
 */
async function pressCtrlC(run: Started): Promise<number | null> {
  process.kill(-run.child.pid!, 'SIGINT');
  await new Promise((resolve) => setTimeout(resolve, 20));
  process.kill(run.child.pid!, 'SIGINT');
  return run.exited;
}

describe('npm start, stopped with Ctrl+C and started again', () => {
  let dataDir: string;
  const running: Started[] = [];
  beforeAll(async () => {
    dataDir = await mkdtemp(path.join(os.tmpdir(), 'blog-start-lifecycle-'));
  });
  afterAll(async () => {
    for (const run of running)
      if (run.child.exitCode === null && run.child.signalCode === null) {
        process.kill(-run.child.pid!, 'SIGKILL');
        await run.exited;
      }
    await rm(dataDir, { recursive: true, force: true });
  });

  it('serves the demo, stops cleanly on one Ctrl+C, and the next start keeps the data and seeds nothing', async () => {
    const port = await findFreePort();
    const first = start(dataDir, port);
    running.push(first);
    // The first answer the port gives, asked for as soon as it opens, already holds the demo.
    const demo = (await (
      await firstAnswer(first, `http://127.0.0.1:${port}/api/posts?q=gleboka`)
    ).json()) as {
      title: string;
    }[];
    expect(demo.map((post) => post.title)).toContain('Głęboka praca w biurze open space');
    await ready(first);
    expect(first.output()).toContain('demo content seeded');

    expect(await pressCtrlC(first)).toBe(0);
    expect(first.output()).toContain('Stopped.');
    expect(first.output()).not.toMatch(/again: stopping now|ERROR|Could not stop/);

    const second = start(dataDir, port);
    running.push(second);
    await ready(second);
    expect(second.output()).not.toContain('demo content seeded');
    expect(second.output()).not.toContain('First admin');
    const posts = await fetch(`http://127.0.0.1:${port}/api/posts`);
    expect(posts.status).toBe(200);
    expect(((await posts.json()) as unknown[]).length).toBeGreaterThan(0);
    expect(await pressCtrlC(second)).toBe(0);
    expect(second.output()).not.toMatch(/again: stopping now|ERROR|Could not stop/);
  }, 240_000);
});
