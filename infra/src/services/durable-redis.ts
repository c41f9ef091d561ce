import { type ChildProcess, spawn } from 'node:child_process';
import { Redis } from 'ioredis';

export interface DurableRedis {
  url: string;
  /** SIGKILL: the crash of a drill (the append-only file keeps every acknowledged write). */
  kill(): void;
  /** Starts it again on the same port and folder. */
  restart(): Promise<void>;
  stop(): void;
}

async function answers(port: number, timeoutMs: number): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const probe = new Redis(port, '127.0.0.1', {
      lazyConnect: true,
      maxRetriesPerRequest: 0,
      retryStrategy: () => null,
    });
    probe.on('error', () => undefined);
    try {
      await probe.connect();
      if ((await probe.ping()) === 'PONG') return;
    } catch {
      if (Date.now() > deadline) throw new Error(`Redis on port ${port} did not answer`);
    } finally {
      probe.disconnect();
    }
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

/**
 * A private redis-server (from PATH) for fault drills, with its append-only file synced on every
 * write (`appendfsync always`), as a production Redis that must survive a crash runs.
 */
export async function startDurableRedis(dir: string, port: number): Promise<DurableRedis> {
  let child: ChildProcess;
  const start = async () => {
    child = spawn(
      'redis-server',
      [
        '--bind',
        '127.0.0.1',
        '--port',
        String(port),
        '--dir',
        dir,
        '--save',
        '',
        '--appendonly',
        'yes',
        '--appendfsync',
        'always',
      ],
      { stdio: 'ignore' },
    );
    await answers(port, 10_000);
  };
  await start();
  return {
    url: `redis://127.0.0.1:${port}`,
    kill: () => child.kill('SIGKILL'),
    restart: start,
    stop: () => child.kill('SIGTERM'),
  };
}
