import { spawn } from 'node:child_process';
import { constants } from 'node:fs';
import { access, mkdir } from 'node:fs/promises';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { lastLines, onProcessExit, waitForExit } from './child-process.ts';
import { findFreePort } from './free-port.ts';
import { isAlive, readPidFile, waitUntilGone, workingDirOf } from './process-probe.ts';

export interface EmbeddedRedisOptions {
  /** With a folder: append-only file there, so a restart keeps sessions, counters and logs. Without: memory only. */
  dataDir?: string;
  /** Default: a free port chosen at start. */
  port?: number;
}

export interface EmbeddedRedis {
  url: string;
  stop(): Promise<void>;
}

const PID_FILE = 'redis.pid';

export const NO_REDIS_MESSAGE =
  'No Redis available: install redis-server (apt-get install redis-server) or set REDIS_URL';

const isExecutable = (file: string) =>
  access(file, constants.X_OK).then(
    () => true,
    () => false,
  );

async function findOnPath(program: string): Promise<string | undefined> {
  for (const dir of (process.env.PATH ?? '').split(path.delimiter).filter(Boolean)) {
    const candidate = path.join(dir, program);
    if (await isExecutable(candidate)) return candidate;
  }
  return undefined;
}

/** Sends PING over a raw socket; true when the answer is +PONG. */
function answersPing(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const socket = net.connect({ host: '127.0.0.1', port });
    const done = (ok: boolean) => {
      socket.destroy();
      resolve(ok);
    };
    socket.setTimeout(500, () => done(false));
    socket.once('error', () => done(false));
    socket.once('connect', () => socket.write('PING\r\n'));
    socket.once('data', (data) => done(data.toString().startsWith('+PONG')));
  });
}

/**
 * A Redis left running on this folder by a run that was killed (SIGKILL cannot be caught) would
 * share the append-only file with the new one: stop it first. It is recognised by its pid file
 * and by working in this folder (Redis moves into its --dir).
 */
async function stopLeftoverRedis(dir: string): Promise<void> {
  const pid = await readPidFile(path.join(dir, PID_FILE));
  if (pid === undefined || !isAlive(pid) || (await workingDirOf(pid)) !== dir) return;
  process.kill(pid, 'SIGTERM');
  if (await waitUntilGone(pid, 10_000)) return;
  process.kill(pid, 'SIGKILL');
  await waitUntilGone(pid, 5_000);
}

async function persistenceArgs(dataDir: string | undefined): Promise<string[]> {
  if (!dataDir) return ['--appendonly', 'no', '--dir', os.tmpdir()];
  const dir = path.resolve(dataDir);
  await mkdir(dir, { recursive: true });
  await stopLeftoverRedis(dir);
  return ['--appendonly', 'yes', '--dir', dir, '--pidfile', path.join(dir, PID_FILE)];
}

async function startRedisServer(binary: string, port: number, extraArgs: string[]): Promise<EmbeddedRedis> {
  const args = [
    '--bind',
    '127.0.0.1',
    '--port',
    String(port),
    '--save',
    '',
    '--daemonize',
    'no',
    ...extraArgs,
  ];
  // A process group of its own: Ctrl-C reaches only us, and we stop Redis after the worker is done with it.
  const child = spawn(binary, args, { detached: true, stdio: ['ignore', 'pipe', 'pipe'] });
  let output = '';
  const keep = (chunk: Buffer) => {
    output = (output + chunk.toString()).slice(-4000);
  };
  child.stdout.on('data', keep);
  child.stderr.on('data', keep);
  let spawnError: Error | undefined;
  child.once('error', (error) => {
    spawnError = error;
  });
  const removeExitHook = onProcessExit(() => child.kill('SIGTERM'));

  const deadline = Date.now() + 10_000;
  while (!(await answersPing(port))) {
    const exited = child.exitCode !== null || child.signalCode !== null || spawnError;
    if (exited || Date.now() > deadline) {
      child.kill('SIGKILL');
      removeExitHook();
      throw new Error(
        `Redis did not start: ${spawnError?.message ?? (lastLines(output, 2) || 'no answer to PING')}`,
      );
    }
    await new Promise((resolve) => setTimeout(resolve, 25));
  }
  // Started and answering: it must not keep this process alive on its own (the exit hook still stops it).
  child.unref();
  // The pipes are sockets at run time, though typed as plain streams.
  (child.stdout as unknown as net.Socket).unref();
  (child.stderr as unknown as net.Socket).unref();

  return {
    url: `redis://127.0.0.1:${port}`,
    async stop() {
      // SIGTERM makes Redis flush its append-only file and exit cleanly.
      child.kill('SIGTERM');
      await waitForExit(child, 10_000);
      removeExitHook();
    },
  };
}

async function startRedisMemoryServer(port: number, extraArgs: string[]): Promise<EmbeddedRedis> {
  const { RedisMemoryServer } = await import('redis-memory-server');
  const server = await RedisMemoryServer.create({ instance: { ip: '127.0.0.1', port, args: extraArgs } });
  return {
    url: `redis://127.0.0.1:${await server.getPort()}`,
    async stop() {
      await server.stop();
    },
  };
}

/**
 * A private Redis on 127.0.0.1: the `redis-server` on PATH, or else redis-memory-server (which
 * can use a system binary or download one). Resolves once it answers PING.
 */
export async function startEmbeddedRedis(options: EmbeddedRedisOptions = {}): Promise<EmbeddedRedis> {
  const port = options.port ?? (await findFreePort());
  const extraArgs = await persistenceArgs(options.dataDir);
  const binary = await findOnPath('redis-server');
  if (binary) return startRedisServer(binary, port, extraArgs);
  try {
    return await startRedisMemoryServer(port, extraArgs);
  } catch {
    throw new Error(NO_REDIS_MESSAGE);
  }
}
