/**
 * The exactly-once drills of bench/notifications.ts: a newsletter to N subscribers (two workers)
 * that meets a worker killed mid fan-out, an SMTP server refusing a share of messages with 4xx,
 * and a Redis killed (-9) and restarted. Each ends by counting what reached the SMTP server per
 * address: lost = addresses with no message, doubled = addresses with more than one.
 */
import { createHash } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { startDurableRedis } from '../infra/src/services/durable-redis.ts';
import { findFreePort } from '../infra/src/services/free-port.ts';
import { type SmtpSink, startSmtpSink } from '../worker/test/smtp-sink.ts';
import { type Scenario, startScenario, until } from './notification-scenario.ts';

export interface DrillResult {
  drill: string;
  subscribers: number;
  delivered: number;
  lost: number;
  doubled: number;
  seconds: number;
  detail: string;
}

/** Workers that notice a dead peer in seconds (BullMQ's defaults mean ~60 s) and retry quickly. */
const DRILL_WORKER_ENV = { WORKER_LOCK_MS: '4000', WORKER_STALLED_MS: '2000', QUEUE_BACKOFF_MS: '500' };

function tally(
  drill: string,
  scenario: Scenario,
  sink: SmtpSink,
  started: number,
  detail: string,
): DrillResult {
  const perAddress = new Map<string, number>();
  for (const mail of sink.received)
    for (const recipient of mail.recipients) perAddress.set(recipient, (perAddress.get(recipient) ?? 0) + 1);
  return {
    drill,
    subscribers: scenario.addresses.length,
    delivered: sink.received.length,
    lost: scenario.addresses.filter((address) => !perAddress.has(address)).length,
    doubled: [...perAddress.values()].filter((count) => count > 1).length,
    seconds: Math.round((performance.now() - started) / 10) / 100,
    detail,
  };
}

const allArrived = (scenario: Scenario, sink: SmtpSink) =>
  new Set(sink.received.flatMap((mail) => mail.recipients)).size >= scenario.addresses.length;

/** Every address reached, then a few seconds' room for a duplicate to show up. */
async function settle(scenario: Scenario, sink: SmtpSink) {
  await until('every subscriber to get a message', () => allArrived(scenario, sink), 300_000).catch(
    async (err: Error) => {
      const [states] = await scenario.runtime.sequelize.query(
        'SELECT status, count(*)::int AS n, max(attempts) AS attempts, min(last_error) AS error FROM email_deliveries GROUP BY status',
      );
      throw new Error(`${err.message}: deliveries ${JSON.stringify(states)}`);
    },
  );
  await new Promise((resolve) => setTimeout(resolve, 3000));
}

interface DrillEnv {
  adminDatabaseUrl: string;
  redisUrl: string;
  subscribers: number;
}

/**
 * The SMTP server stops answering after 30 % of the messages, so the kill lands with sends open at
 * the server (never acknowledged, so never delivered) and batches half done; then a new worker.
 */
export async function workerKilledDrill(env: DrillEnv): Promise<DrillResult> {
  const sink = await startSmtpSink();
  const scenario = await startScenario({ ...env, smtp: sink, workerEnv: DRILL_WORKER_ENV });
  try {
    const holdAt = Math.floor(env.subscribers * 0.3);
    sink.holdAfter(holdAt);
    const [victim] = [await scenario.startWorker(), await scenario.startWorker()];
    const started = await scenario.publish();
    await until(
      '30 % acknowledged and sends held open',
      () => sink.received.length >= holdAt && sink.heldCount() > 0,
    );
    await until(
      'the acknowledged sends to be recorded',
      async () => (await scenario.sentRecorded()) >= holdAt,
    );
    const heldAtKill = sink.heldCount();
    await victim!.kill();
    // The server drops the dead worker's open sends once it sees its connections close; the other
    // worker's stay held. Wait until that count stops falling, then let the server answer again.
    let last = -1;
    await until('the dead connections to close', async () => {
      const now = sink.heldCount();
      const stable = now === last;
      last = now;
      if (!stable) await new Promise((resolve) => setTimeout(resolve, 1000));
      return stable;
    });
    sink.resume();
    await scenario.startWorker();
    await settle(scenario, sink);
    return tally(
      'worker killed (SIGKILL) mid fan-out, a new one started',
      scenario,
      sink,
      started,
      `killed after ${holdAt} acknowledged, ${heldAtKill} sends open at the server`,
    );
  } finally {
    await scenario.close();
    await sink.stop();
  }
}

/** Every 10th address (by hash) is refused once with 451 4.7.1, as greylisting does. */
export async function refusalsDrill(env: DrillEnv): Promise<DrillResult> {
  const sink = await startSmtpSink();
  sink.refuseFirstAttempt((address) => createHash('sha256').update(address).digest()[0]! % 10 === 0);
  const scenario = await startScenario({ ...env, smtp: sink, workerEnv: DRILL_WORKER_ENV });
  try {
    await scenario.startWorker();
    await scenario.startWorker();
    const started = await scenario.publish();
    await settle(scenario, sink);
    return tally(
      'SMTP server refuses ~10 % with 451 (once each)',
      scenario,
      sink,
      started,
      `${sink.refusedCount()} refusals, each retried after backoff`,
    );
  } finally {
    await scenario.close();
    await sink.stop();
  }
}

/** Redis killed with SIGKILL after 30 % of the messages, back 2 s later from its append-only file. */
export async function redisRestartDrill(env: DrillEnv): Promise<DrillResult> {
  const dir = await mkdtemp(path.join(os.tmpdir(), 'blog-bench-redis-'));
  const port = await findFreePort();
  const redis = await startDurableRedis(dir, port);
  const sink = await startSmtpSink();
  const scenario = await startScenario({
    ...env,
    redisUrl: `redis://127.0.0.1:${port}`,
    smtp: sink,
    workerEnv: DRILL_WORKER_ENV,
  });
  try {
    await scenario.startWorker();
    await scenario.startWorker();
    const started = await scenario.publish();
    const killAt = Math.floor(env.subscribers * 0.3);
    await until('30 % delivered', () => sink.received.length >= killAt);
    redis.kill();
    const atKill = sink.received.length;
    await new Promise((resolve) => setTimeout(resolve, 2000));
    await redis.restart();
    await settle(scenario, sink);
    return tally(
      'Redis killed (SIGKILL) mid fan-out, restarted 2 s later',
      scenario,
      sink,
      started,
      `killed at ${atKill} delivered; appendfsync always`,
    );
  } finally {
    await scenario.close();
    await sink.stop();
    redis.stop();
    await rm(dir, { recursive: true, force: true });
  }
}
