/**
 * Benchmark of the notification send path: for BENCH_SUBSCRIBERS subscribers (default 10,000) of
 * one category, records `post.published` and measures how fast the e-mails reach the local mail
 * catcher of `npm start` (each message stored as an .eml file), with one and with two worker
 * processes. Each run gets a private database and Redis prefix. Writes
 * bench/results/notifications.{json,md}. On demand only: `npm run bench:notifications`.
 */
import { randomBytes } from 'node:crypto';
import { mkdtemp, readdir, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { loadConfig } from '../api/src/config.ts';
import { runMigrations } from '../api/src/db/migrate.ts';
import { Category } from '../api/src/modules/categories/category.model.ts';
import { Post } from '../api/src/modules/posts/post.model.ts';
import { PostCategory } from '../api/src/modules/posts/post-category.model.ts';
import { SETTING_KEYS } from '../api/src/modules/settings/setting-keys.ts';
import { SiteSetting } from '../api/src/modules/settings/site-setting.model.ts';
import { UserSubscription } from '../api/src/modules/subscriptions/user-subscription.model.ts';
import { createRuntime } from '../api/src/runtime.ts';
import { createScratchDatabase } from '../api/src/db/scratch-database.ts';
import { spawnEntry, type SpawnedProcess } from '../api/src/test/spawn-process.ts';
import { startMailCatcher } from '../infra/src/services/mail-catcher.ts';
import { benchRedisPrefix, deleteBenchRedisKeys, requireLoopback } from './bench-services.ts';

const ROOT = fileURLToPath(new URL('..', import.meta.url));
const RESULTS_DIR = path.join(ROOT, 'bench', 'results');
const ADMIN_URL =
  process.env.BENCH_DATABASE_URL ??
  process.env.TEST_DATABASE_URL ??
  'postgres://postgres@127.0.0.1:5432/postgres';
const REDIS_URL = process.env.BENCH_REDIS_URL ?? process.env.TEST_REDIS_URL ?? 'redis://127.0.0.1:6379';
const SUBSCRIBERS = Number(process.env.BENCH_SUBSCRIBERS ?? 10_000);
const WORKER_COUNTS = [1, 2];

const log = (message: string) => process.stderr.write(`[bench:notifications] ${message}\n`);

interface RunResult {
  workers: number;
  subscribers: number;
  seconds: number;
  emailsPerSecond: number;
  /** Seconds from the event to the first message in the catcher (fan-out latency). */
  firstMessageSeconds: number;
}

async function countMessages(dir: string): Promise<number> {
  return (await readdir(dir)).filter((name) => name.endsWith('.eml')).length;
}

async function runOnce(workerCount: number): Promise<RunResult> {
  const database = await createScratchDatabase(ADMIN_URL, 'blog_bench_mail');
  const mailDir = await mkdtemp(path.join(os.tmpdir(), 'blog-bench-mail-'));
  const catcher = await startMailCatcher({ dir: mailDir });
  const redisPrefix = benchRedisPrefix();
  const env = {
    NODE_ENV: 'production',
    DATABASE_URL: database.url,
    REDIS_URL,
    REDIS_PREFIX: redisPrefix,
    SESSION_SECRET: randomBytes(32).toString('base64url'),
    ENCRYPTION_KEY: randomBytes(32).toString('hex'),
    PUBLIC_URL: 'http://localhost:3000',
    LOG_LEVEL: 'silent',
    DATA_DIR: mailDir,
  };
  const workers: SpawnedProcess[] = [];
  const runtime = await (async () => {
    await runMigrations(database.url);
    return createRuntime(loadConfig(env));
  })();
  try {
    await SiteSetting.bulkCreate([
      { key: SETTING_KEYS.smtpHost, value: catcher.host },
      { key: SETTING_KEYS.smtpPort, value: String(catcher.port) },
      { key: SETTING_KEYS.smtpSecure, value: 'false' },
      { key: SETTING_KEYS.senderEmail, value: 'bench@localhost' },
    ]);
    const category = await Category.create({ name: 'Benchmark' });
    for (let start = 0; start < SUBSCRIBERS; start += 2000) {
      const count = Math.min(2000, SUBSCRIBERS - start);
      await UserSubscription.bulkCreate(
        Array.from({ length: count }, (_, i) => ({
          email: `reader-${start + i}@example.com`,
          categoryId: category.id,
        })),
      );
    }
    const post = await Post.create({
      title: 'Artykuł do pomiaru',
      slug: `artykul-do-pomiaru-${randomBytes(3).toString('hex')}`,
      content: '<p>Treść artykułu do pomiaru wysyłki powiadomień.</p>',
      contentText: 'Treść artykułu do pomiaru wysyłki powiadomień.',
      excerpt: 'Zajawka artykułu do pomiaru.',
    });
    await PostCategory.create({ postId: post.id, categoryId: category.id });

    for (let i = 0; i < workerCount; i++) workers.push(await spawnEntry('worker/src/test-process.ts', env));
    const started = performance.now();
    await runtime.sequelize.transaction((transaction) =>
      runtime.events.record({ type: 'post.published', payload: { postId: post.id } }, transaction),
    );
    let firstMessageSeconds = 0;
    for (;;) {
      const count = await countMessages(mailDir);
      if (count > 0 && firstMessageSeconds === 0) firstMessageSeconds = (performance.now() - started) / 1000;
      if (count >= SUBSCRIBERS) break;
      if (performance.now() - started > 30 * 60_000)
        throw new Error(`only ${count} messages after 30 minutes`);
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
    const seconds = (performance.now() - started) / 1000;
    return {
      workers: workerCount,
      subscribers: SUBSCRIBERS,
      seconds: Math.round(seconds * 100) / 100,
      emailsPerSecond: Math.round((SUBSCRIBERS / seconds) * 10) / 10,
      firstMessageSeconds: Math.round(firstMessageSeconds * 100) / 100,
    };
  } finally {
    await Promise.all(workers.map((worker) => worker.stop()));
    await runtime.close();
    await catcher.stop();
    await database.drop();
    await deleteBenchRedisKeys(REDIS_URL, redisPrefix);
    await rm(mailDir, { recursive: true, force: true });
  }
}

async function main() {
  requireLoopback(ADMIN_URL, 'BENCH_DATABASE_URL');
  requireLoopback(REDIS_URL, 'BENCH_REDIS_URL');
  const results: RunResult[] = [];
  for (const workers of WORKER_COUNTS) {
    log(`${SUBSCRIBERS} subscribers, ${workers} worker process(es)…`);
    const result = await runOnce(workers);
    log(`${result.emailsPerSecond} e-mails/s (${result.seconds} s)`);
    results.push(result);
  }
  const [one, two] = results;
  const report = {
    measuredAt: new Date().toISOString(),
    machine: { cpus: os.cpus().length, node: process.version },
    note: 'Shared, noisy machine: compare the ratio within one run, not absolute figures across runs.',
    results,
    twoWorkersSpeedup:
      one && two ? Math.round((two.emailsPerSecond / one.emailsPerSecond) * 100) / 100 : null,
  };
  const md = [
    '# Notification e-mails per second (local mail catcher)',
    '',
    `Measured ${report.measuredAt} on ${report.machine.cpus} CPUs, Node ${report.machine.node}. ${report.note}`,
    '',
    '| workers | subscribers | seconds | e-mails/s | first message after (s) |',
    '| --- | --- | --- | --- | --- |',
    ...results.map(
      (r) =>
        `| ${r.workers} | ${r.subscribers} | ${r.seconds} | ${r.emailsPerSecond} | ${r.firstMessageSeconds} |`,
    ),
    '',
    `Two workers vs one: ×${report.twoWorkersSpeedup}`,
    '',
  ].join('\n');
  await writeFile(path.join(RESULTS_DIR, 'notifications.json'), `${JSON.stringify(report, null, 2)}\n`);
  await writeFile(path.join(RESULTS_DIR, 'notifications.md'), md);
  process.stdout.write(md);
}

main().then(
  () => process.exit(0),
  (err: unknown) => {
    log(err instanceof Error ? (err.stack ?? err.message) : String(err));
    process.exit(1);
  },
);
