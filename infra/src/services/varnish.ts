import { type ChildProcess, execFileSync, spawn } from 'node:child_process';
import { existsSync } from 'node:fs';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import { findFreePort } from './free-port.ts';

/** The reference VCL (infra/varnish/default.vcl); it includes `backend.vcl` from vcl_path. */
export const VCL_DIR = path.resolve(import.meta.dirname, '../../varnish');
const XKEY_VMOD = 'libvmod_xkey.so';
const DEBIAN_VMOD_DIR = '/usr/lib/x86_64-linux-gnu/varnish/vmods';

/**
 * Why Varnish cannot run here (no varnishd, or no xkey vmod from varnish-modules), or undefined when it
 * can. Tests skip with this reason, so a machine without Varnish still runs green.
 */
export function varnishMissing(): string | undefined {
  try {
    execFileSync('varnishd', ['-V'], { stdio: 'ignore' });
  } catch {
    return 'varnishd is not installed (apt-get install varnish varnish-modules)';
  }
  let vmodDir = DEBIAN_VMOD_DIR;
  try {
    vmodDir = execFileSync('pkg-config', ['--variable=vmoddir', 'varnishapi'], { encoding: 'utf8' }).trim();
  } catch {
    // No pkg-config or no varnish-dev: Debian's place.
  }
  if (!existsSync(path.join(vmodDir, XKEY_VMOD)))
    return `the xkey vmod is missing from ${vmodDir} (apt-get install varnish-modules)`;
  return undefined;
}

export interface Varnish {
  /** `http://127.0.0.1:<port>`: where readers (and purges) reach it. */
  origin: string;
  port: number;
  /** Its counters (varnishstat), e.g. `MAIN.cache_hit`. */
  counters(): Record<string, number>;
  /** What varnishd wrote so far (for a failing test's message). */
  log(): string;
  stop(): Promise<void>;
}

/**
 * Starts varnishd in the foreground (-F) as a child of this process, with the reference VCL in front of
 * `backend` (127.0.0.1:<port>), its working directory a fresh temporary one (-n), no management port,
 * and `port` (a free one when omitted) for readers and purges from 127.0.0.1. Resolves once it answers.
 */
export async function startVarnish(
  backend: { port: number },
  options: { port?: number; memory?: string; threads?: number } = {},
): Promise<Varnish> {
  const dir = await mkdtemp(path.join(os.tmpdir(), 'blog-varnish-'));
  await writeFile(
    path.join(dir, 'backend.vcl'),
    `backend api {\n  .host = "127.0.0.1";\n  .port = "${backend.port}";\n}\n\nacl purgers {\n  "127.0.0.1";\n}\n`,
  );
  const port = options.port ?? (await findFreePort());
  const args = [
    '-F',
    '-n',
    path.join(dir, 'work'),
    '-a',
    `127.0.0.1:${port}`,
    '-T',
    'none',
    // No privilege separation: the test runs it as whoever runs the tests (root in CI).
    '-j',
    'none',
    '-s',
    `malloc,${options.memory ?? '64m'}`,
    '-p',
    `vcl_path=${dir}:${VCL_DIR}`,
    '-f',
    path.join(VCL_DIR, 'default.vcl'),
  ];
  if (options.threads) args.push('-p', `thread_pool_min=${options.threads}`);
  const child: ChildProcess = spawn('varnishd', args, { stdio: ['ignore', 'pipe', 'pipe'] });
  let log = '';
  child.stdout?.on('data', (chunk: Buffer) => (log += chunk.toString('utf8')));
  child.stderr?.on('data', (chunk: Buffer) => (log += chunk.toString('utf8')));
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  const stop = async () => {
    if (child.exitCode === null && child.signalCode === null) {
      child.kill('SIGTERM');
      const killer = setTimeout(() => child.kill('SIGKILL'), 5000);
      await exited;
      clearTimeout(killer);
    }
    await rm(dir, { recursive: true, force: true });
  };
  const origin = `http://127.0.0.1:${port}`;
  const deadline = Date.now() + 30_000;
  for (;;) {
    if (child.exitCode !== null) {
      await stop();
      throw new Error(`varnishd exited (${child.exitCode}): ${log.trim()}`);
    }
    if (await answers(port)) break;
    if (Date.now() > deadline) {
      await stop();
      throw new Error(`varnishd did not answer on ${origin} within 30 s: ${log.trim()}`);
    }
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  const counters = () => {
    const json = JSON.parse(
      execFileSync('varnishstat', ['-n', path.join(dir, 'work'), '-1', '-j'], { encoding: 'utf8' }),
    ) as { counters?: Record<string, { value: number }> } & Record<string, unknown>;
    // Varnish 6.5+ nests the counters; older ones list them at the top level.
    const all = (json.counters ?? json) as Record<string, { value?: number }>;
    return Object.fromEntries(
      Object.entries(all)
        .filter(([, counter]) => typeof counter?.value === 'number')
        .map(([name, counter]) => [name, counter.value!]),
    );
  };
  return { origin, port, counters, log: () => log, stop };
}

/** Whether something answers HTTP on the port (a refused PURGE without keys is an answer too). */
function answers(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const req = http.request({ host: '127.0.0.1', port, method: 'OPTIONS', path: '/healthz' }, (res) => {
      res.resume();
      resolve(true);
    });
    req.on('error', () => resolve(false));
    req.end();
  });
}
