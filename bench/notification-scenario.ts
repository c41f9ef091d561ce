/**
 * One newsletter run for bench/notifications.ts: a private database with N subscribers of one
 * category and a post, worker processes as production runs them (configuration from the
 * environment), SMTP settings pointed at a given server, and `publish()` recording post.published.
 */
import { randomBytes } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { loadConfig } from '../api/src/config.ts';
import { runMigrations } from '../api/src/db/migrate.ts';
import { createScratchDatabase } from '../api/src/db/scratch-database.ts';
import { Category } from '../api/src/modules/categories/category.model.ts';
import { EmailDelivery } from '../api/src/modules/email/email-delivery.model.ts';
import { Post } from '../api/src/modules/posts/post.model.ts';
import { PostCategory } from '../api/src/modules/posts/post-category.model.ts';
import { SETTING_KEYS } from '../api/src/modules/settings/setting-keys.ts';
import { SiteSetting } from '../api/src/modules/settings/site-setting.model.ts';
import { UserSubscription } from '../api/src/modules/subscriptions/user-subscription.model.ts';
import { createRuntime, type Runtime } from '../api/src/runtime.ts';
import { spawnEntry, type SpawnedProcess } from '../api/test/spawn-process.ts';
import { benchRedisPrefix, deleteBenchRedisKeys } from './bench-services.ts';

export interface ScenarioOptions {
  adminDatabaseUrl: string;
  redisUrl: string;
  smtp: { host: string; port: number };
  subscribers: number;
  /** Extra worker environment (drills shorten the job lock and the retry backoff). */
  workerEnv?: Record<string, string>;
}

export interface Scenario {
  runtime: Runtime;
  addresses: string[];
  workers: SpawnedProcess[];
  startWorker(): Promise<SpawnedProcess>;
  /** Records post.published (what the API does when a post goes public); returns the moment. */
  publish(): Promise<number>;
  sentRecorded(): Promise<number>;
  close(): Promise<void>;
}

export async function startScenario(options: ScenarioOptions): Promise<Scenario> {
  const database = await createScratchDatabase(options.adminDatabaseUrl, 'blog_bench_mail');
  const dataDir = await mkdtemp(path.join(os.tmpdir(), 'blog-bench-mail-'));
  const redisPrefix = benchRedisPrefix();
  const env = {
    NODE_ENV: 'production',
    DATABASE_URL: database.url,
    REDIS_URL: options.redisUrl,
    REDIS_PREFIX: redisPrefix,
    SESSION_SECRET: randomBytes(32).toString('base64url'),
    ENCRYPTION_KEY: randomBytes(32).toString('hex'),
    PUBLIC_URL: 'http://localhost:3000',
    LOG_LEVEL: 'silent',
    DATA_DIR: dataDir,
  };
  await runMigrations(database.url);
  const runtime = await createRuntime(loadConfig(env));
  await SiteSetting.bulkCreate([
    { key: SETTING_KEYS.smtpHost, value: options.smtp.host },
    { key: SETTING_KEYS.smtpPort, value: String(options.smtp.port) },
    { key: SETTING_KEYS.smtpSecure, value: 'false' },
    { key: SETTING_KEYS.senderEmail, value: 'bench@localhost' },
  ]);
  const category = await Category.create({ name: 'Benchmark' });
  const addresses = Array.from({ length: options.subscribers }, (_, i) => `reader-${i}@example.com`);
  for (let start = 0; start < addresses.length; start += 5000) {
    await UserSubscription.bulkCreate(
      addresses.slice(start, start + 5000).map((email) => ({ email, categoryId: category.id })),
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

  const workers: SpawnedProcess[] = [];
  return {
    runtime,
    addresses,
    workers,
    async startWorker() {
      const worker = await spawnEntry('worker/test/test-process.ts', { ...env, ...options.workerEnv });
      workers.push(worker);
      return worker;
    },
    async publish() {
      const started = performance.now();
      await runtime.sequelize.transaction((transaction) =>
        runtime.events.record({ type: 'post.published', payload: { postId: post.id } }, transaction),
      );
      return started;
    },
    sentRecorded: () => EmailDelivery.count({ where: { status: 'sent' } }),
    async close() {
      await Promise.all(workers.map((worker) => worker.kill()));
      await runtime.close();
      await database.drop();
      await deleteBenchRedisKeys(options.redisUrl, redisPrefix).catch(() => 0);
      await rm(dataDir, { recursive: true, force: true });
    },
  };
}

/** Polls `check` every 100 ms until it holds; throws after `timeoutMs`. */
export async function until(what: string, check: () => boolean | Promise<boolean>, timeoutMs = 600_000) {
  const deadline = Date.now() + timeoutMs;
  while (!(await check())) {
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}
