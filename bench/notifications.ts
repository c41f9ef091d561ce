/**
 * Benchmark of the newsletter: for BENCH_SUBSCRIBERS subscribers (default 10,000) of one category,
 * records `post.published` and measures how fast the e-mails reach the local mail catcher of
 * `npm start` (each message stored as an .eml file), with one and with two worker processes; then
 * the exactly-once drills (bench/notification-drills.ts) with BENCH_DRILL_SUBSCRIBERS (default
 * 2,000). Each run gets a private database and Redis prefix. Writes
 * bench/results/notifications.{json,md}. On demand only: `npm run bench:notifications`
 * (BENCH_DRILLS=kill,refusals,redis picks drills, 0 none; BENCH_WORKERS=2 measures only two workers).
 */
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { startMailCatcher } from '../infra/src/services/mail-catcher.ts';
import { requireLoopback } from './bench-services.ts';
import {
  type DrillResult,
  redisRestartDrill,
  refusalsDrill,
  workerKilledDrill,
} from './notification-drills.ts';
import { startScenario, until } from './notification-scenario.ts';

const ROOT = fileURLToPath(new URL('..', import.meta.url));
const RESULTS_DIR = path.join(ROOT, 'bench', 'results');
const ADMIN_URL =
  process.env.BENCH_DATABASE_URL ??
  process.env.TEST_DATABASE_URL ??
  'postgres://postgres@127.0.0.1:5432/postgres';
const REDIS_URL = process.env.BENCH_REDIS_URL ?? process.env.TEST_REDIS_URL ?? 'redis://127.0.0.1:6379';
const SUBSCRIBERS = Number(process.env.BENCH_SUBSCRIBERS ?? 10_000);
const DRILL_SUBSCRIBERS = Number(process.env.BENCH_DRILL_SUBSCRIBERS ?? 2_000);
const WORKER_COUNTS = (process.env.BENCH_WORKERS ?? '1,2').split(',').map(Number).filter(Boolean);
const ALL_DRILLS = { kill: workerKilledDrill, refusals: refusalsDrill, redis: redisRestartDrill };
const DRILLS = (process.env.BENCH_DRILLS ?? 'kill,refusals,redis')
  .split(',')
  .filter((name): name is keyof typeof ALL_DRILLS => Object.hasOwn(ALL_DRILLS, name))
  .map((name) => ALL_DRILLS[name]);

const log = (message: string) => process.stderr.write(`[bench:notifications] ${message}\n`);

interface RunResult {
  workers: number;
  subscribers: number;
  seconds: number;
  emailsPerSecond: number;
  /** Seconds from the event to the first message in the catcher (fan-out latency). */
  firstMessageSeconds: number;
  /** One-minute load average when the run ended: the machine is shared. */
  loadAverage: number;
}

async function throughput(workerCount: number): Promise<RunResult> {
  const mailDir = await mkdtemp(path.join(os.tmpdir(), 'blog-bench-mail-'));
  const catcher = await startMailCatcher({ dir: mailDir });
  const scenario = await startScenario({
    adminDatabaseUrl: ADMIN_URL,
    redisUrl: REDIS_URL,
    smtp: catcher,
    subscribers: SUBSCRIBERS,
  });
  try {
    for (let i = 0; i < workerCount; i++) await scenario.startWorker();
    const started = await scenario.publish();
    let firstMessageSeconds = 0;
    await until(
      `${SUBSCRIBERS} messages`,
      () => {
        const count = catcher.storedCount();
        if (count > 0 && firstMessageSeconds === 0)
          firstMessageSeconds = (performance.now() - started) / 1000;
        return count >= SUBSCRIBERS;
      },
      30 * 60_000,
    );
    const seconds = (performance.now() - started) / 1000;
    return {
      workers: workerCount,
      subscribers: SUBSCRIBERS,
      seconds: Math.round(seconds * 100) / 100,
      emailsPerSecond: Math.round((SUBSCRIBERS / seconds) * 10) / 10,
      firstMessageSeconds: Math.round(firstMessageSeconds * 100) / 100,
      loadAverage: Math.round(os.loadavg()[0]! * 10) / 10,
    };
  } finally {
    await scenario.close();
    await catcher.stop();
    await rm(mailDir, { recursive: true, force: true });
  }
}

function markdown(report: {
  measuredAt: string;
  machine: { cpus: number; node: string };
  results: RunResult[];
  drills: DrillResult[];
}): string {
  return [
    '# Newsletter: e-mails per second and exactly-once drills (local mail catcher)',
    '',
    `Measured ${report.measuredAt} on ${report.machine.cpus} CPUs, Node ${report.machine.node}, on a shared machine`,
    '(the load average column says how busy it was; compare within one run, not across runs).',
    'Recipients go out in batches of 500 per job, claimed in bulk in `email_deliveries` before sending,',
    'over pooled SMTP connections, recorded `sent` as the server acknowledges them.',
    '',
    '| workers | subscribers | seconds | e-mails/s | first message after (s) | load average |',
    '| --- | --- | --- | --- | --- | --- |',
    ...report.results.map(
      (r) =>
        `| ${r.workers} | ${r.subscribers} | ${r.seconds} | ${r.emailsPerSecond} | ${r.firstMessageSeconds} | ${r.loadAverage} |`,
    ),
    '',
    ...(report.drills.length > 0
      ? [
          '## Drills (two workers; every address must end with exactly one message)',
          '',
          '| drill | subscribers | delivered | lost | doubled | seconds | detail |',
          '| --- | --- | --- | --- | --- | --- | --- |',
          ...report.drills.map(
            (d) =>
              `| ${d.drill} | ${d.subscribers} | ${d.delivered} | ${d.lost} | ${d.doubled} | ${d.seconds} | ${d.detail} |`,
          ),
          '',
        ]
      : []),
  ].join('\n');
}

async function main() {
  requireLoopback(ADMIN_URL, 'BENCH_DATABASE_URL');
  requireLoopback(REDIS_URL, 'BENCH_REDIS_URL');
  const results: RunResult[] = [];
  for (const workers of WORKER_COUNTS) {
    log(`${SUBSCRIBERS} subscribers, ${workers} worker process(es)…`);
    const result = await throughput(workers);
    log(`${result.emailsPerSecond} e-mails/s (${result.seconds} s, load ${result.loadAverage})`);
    results.push(result);
  }
  const drills: DrillResult[] = [];
  {
    const env = { adminDatabaseUrl: ADMIN_URL, redisUrl: REDIS_URL, subscribers: DRILL_SUBSCRIBERS };
    for (const drill of DRILLS) {
      log(`drill ${drill.name} (${DRILL_SUBSCRIBERS} subscribers)…`);
      const result = await drill(env);
      log(`${result.drill}: lost ${result.lost}, doubled ${result.doubled} (${result.seconds} s)`);
      drills.push(result);
    }
  }
  const report = {
    measuredAt: new Date().toISOString(),
    machine: { cpus: os.cpus().length, node: process.version },
    results,
    drills,
  };
  const md = markdown(report);
  await writeFile(path.join(RESULTS_DIR, 'notifications.json'), `${JSON.stringify(report, null, 2)}\n`);
  await writeFile(path.join(RESULTS_DIR, 'notifications.md'), md);
  process.stdout.write(md);
  if (drills.some((drill) => drill.lost > 0 || drill.doubled > 0)) process.exitCode = 1;
}

main().then(
  () => process.exit(process.exitCode ?? 0),
  (err: unknown) => {
    log(err instanceof Error ? (err.stack ?? err.message) : String(err));
    process.exit(1);
  },
);
