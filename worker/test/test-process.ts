import { loadConfig } from '@blog/api/config';
import { runProcess } from '@blog/api/process';
import { startWorker } from '../src/worker.ts';

/**
 * A worker in a process of its own for drills (a test kills it with SIGKILL): configuration from
 * the environment, BullMQ's lock and stall check shortened by WORKER_LOCK_MS / WORKER_STALLED_MS.
 * Prints `ready {}` once it consumes.
 */
runProcess('test-worker', async () => {
  const lockDurationMs = Number(process.env.WORKER_LOCK_MS) || undefined;
  const stalledIntervalMs = Number(process.env.WORKER_STALLED_MS) || undefined;
  const worker = await startWorker(loadConfig(), { lockDurationMs, stalledIntervalMs });
  process.stdout.write('ready {}\n');
  return worker;
});
