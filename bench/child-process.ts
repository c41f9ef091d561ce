import { type ChildProcess, spawn } from 'node:child_process';
import { readdirSync, readFileSync } from 'node:fs';
import http from 'node:http';
import { waitForExit } from '../infra/src/services/child-process.ts';

/** Resident memory of a process in MB, from /proc (Linux). */
export function residentMegabytes(pid: number): number | undefined {
  try {
    const match = /VmRSS:\s+(\d+) kB/.exec(readFileSync(`/proc/${pid}/status`, 'utf8'));
    return match ? Math.round(Number(match[1]) / 102.4) / 10 : undefined;
  } catch {
    return undefined;
  }
}

/** CPU seconds (user + system, every thread) a process has used so far (Linux clock ticks, 100 per s). */
export function cpuSeconds(pid: number): number {
  const { user, system } = cpuTimes(pid);
  return user + system;
}

/**
 * CPU time a process's live threads have run so far, ns (each thread's /proc schedstat): the clock ticks
 * of `cpuTimes` are 10 ms, too coarse for one request. `main` is the JavaScript thread's alone (its
 * thread id is the pid); the rest is V8's helpers (GC, compilers) and libuv's pool.
 */
export function threadsCpuNanos(pid: number): { total: number; main: number } {
  let total = 0;
  let main = 0;
  for (const task of readdirSync(`/proc/${pid}/task`)) {
    try {
      const nanos = Number(readFileSync(`/proc/${pid}/task/${task}/schedstat`, 'utf8').split(' ')[0]);
      total += nanos;
      if (task === String(pid)) main = nanos;
    } catch {
      // The thread ended between the listing and the read.
    }
  }
  return { total, main };
}

/** CPU seconds a process has used so far in user space and in the kernel, apart. */
export function cpuTimes(pid: number): { user: number; system: number } {
  // Fields after the command name (which may hold spaces): state is [0], utime [11], stime [12].
  const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
  const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
  return { user: Number(fields[11]) / 100, system: Number(fields[12]) / 100 };
}

/** A free TCP port of 127.0.0.1 (listen on 0, read it, close). */
export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = http.createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      const port = typeof address === 'object' && address ? address.port : 0;
      server.close(() => resolve(port));
    });
  });
}

export interface RawResponse {
  status: number;
  headers: Record<string, string>;
  body: Buffer;
}

/**
 * One GET as autocannon sends it (no Accept-Encoding, no cookie), with the exact bytes of the
 * answer: fetch() would ask for gzip and decode it.
 */
export function rawGet(
  origin: string,
  path: string,
  headers: Record<string, string> = {},
): Promise<RawResponse> {
  return new Promise((resolve, reject) => {
    const req = http.get(`${origin}${path}`, { headers, agent: false }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (chunk: Buffer) => chunks.push(chunk));
      res.on('end', () => {
        const flat: Record<string, string> = {};
        for (const [name, value] of Object.entries(res.headers)) {
          if (value !== undefined) flat[name] = Array.isArray(value) ? value.join(', ') : value;
        }
        resolve({ status: res.statusCode ?? 0, headers: flat, body: Buffer.concat(chunks) });
      });
      res.on('error', reject);
    });
    req.on('error', reject);
  });
}

/** Spawns a child and resolves with it once `ready()` says so (polled), or rejects after `timeoutMs`. */
export async function spawnUntilReady(
  command: string,
  args: string[],
  options: {
    env?: NodeJS.ProcessEnv;
    timeoutMs: number;
    ready: (child: ChildProcess, stdout: string) => Promise<boolean>;
  },
): Promise<{ child: ChildProcess; stdout: () => string; stderr: () => string }> {
  const child = spawn(command, args, { env: options.env ?? process.env, stdio: ['ignore', 'pipe', 'pipe'] });
  let stdout = '';
  let stderr = '';
  child.stdout?.setEncoding('utf8').on('data', (chunk: string) => (stdout += chunk));
  child.stderr?.setEncoding('utf8').on('data', (chunk: string) => (stderr += chunk));
  const deadline = Date.now() + options.timeoutMs;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`child exited (${child.exitCode}): ${stderr.slice(-1500)}`);
    if (await options.ready(child, stdout).catch(() => false)) break;
    if (Date.now() > deadline) {
      child.kill('SIGTERM');
      throw new Error(`child not ready within ${options.timeoutMs} ms: ${stderr.slice(-1500)}`);
    }
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
  return { child, stdout: () => stdout, stderr: () => stderr };
}

/** Stops a child this process started and waits for it to exit. */
export function stopChild(child: ChildProcess, timeoutMs = 10_000): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return Promise.resolve();
  const exited = waitForExit(child, timeoutMs);
  child.kill('SIGTERM');
  return exited;
}
