import { existsSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { loadConfig } from '../api/src/config.ts';
import { startApiServer } from '../api/src/server.ts';
import {
  benchRedisPrefix,
  deleteBenchRedisKeys,
  migratedScratchDatabase,
  requireLoopback,
} from './bench-services.ts';
import { chromium } from 'playwright-core';
import { productionEnv } from './production-processes.ts';
import { signInEditor } from './write-load.ts';

const CHROMIUM = process.env.BENCH_CHROMIUM ?? '/usr/bin/chromium';

/**
 * The built product for a browser bench: the API in this process, in production settings, over a
 * private migrated database and Redis prefix (BENCH_DATABASE_URL, BENCH_REDIS_URL; loopback only),
 * serving the built web at `webDist`, and an admin signed in through the API. Everything it starts
 * is undone by `cleanups` (a script's undo steps, last added first).
 */
export async function startBuiltProduct(name: string, webDist: string, cleanups: (() => Promise<unknown>)[]) {
  if (!existsSync(path.join(webDist, 'index.html')))
    throw new Error(`${webDist} has no build: npm run build`);
  const serverUrl = process.env.BENCH_DATABASE_URL || 'postgres://postgres@127.0.0.1:5432/postgres';
  const redisUrl = process.env.BENCH_REDIS_URL || 'redis://127.0.0.1:6379';
  requireLoopback(serverUrl, 'BENCH_DATABASE_URL');
  requireLoopback(redisUrl, 'BENCH_REDIS_URL');
  const { database, pool } = await migratedScratchDatabase(serverUrl, `blog_bench_${name}`, cleanups);
  const redisPrefix = benchRedisPrefix();
  cleanups.push(() => deleteBenchRedisKeys(redisUrl, redisPrefix));
  const dataDir = await mkdtemp(path.join(os.tmpdir(), `blog-bench-${name}-`));
  cleanups.push(() => rm(dataDir, { recursive: true, force: true }));
  const env = productionEnv({ databaseUrl: database.url, redisUrl, redisPrefix, dataDir });
  const api = await startApiServer(loadConfig({ ...env, LOG_LEVEL: 'silent' }), { webDistDir: webDist });
  cleanups.push(() => api.close());
  const origin = `http://127.0.0.1:${api.port}`;
  return { origin, dataDir, editor: await signInEditor(pool, origin) };
}

/** A post created through the API as `editor` (POST /admin/posts, its `postData` as given); its id. */
export async function createPost(
  editor: Awaited<ReturnType<typeof startBuiltProduct>>['editor'],
  postData: Record<string, unknown>,
): Promise<number> {
  const form = new FormData();
  form.set('postData', JSON.stringify(postData));
  const created = await editor.upload('POST', '/api/admin/posts', form);
  if (created.status !== 201) throw new Error(`post not created: ${created.status} ${await created.text()}`);
  return ((await created.json()) as { id: number }).id;
}

/**
 * A Chromium context (BENCH_CHROMIUM) signed in as `editor`, as if over https, in a 1280×900 window;
 * the browser is closed by `cleanups`.
 */
export async function editorBrowserContext(
  editor: Awaited<ReturnType<typeof startBuiltProduct>>['editor'],
  cleanups: (() => Promise<unknown>)[],
) {
  const browser = await chromium.launch({
    executablePath: CHROMIUM,
    args: ['--no-sandbox', '--disable-gpu'],
  });
  cleanups.push(() => browser.close());
  return browser.newContext({
    extraHTTPHeaders: { cookie: editor.cookieHeader(), 'x-forwarded-proto': 'https' },
    viewport: { width: 1280, height: 900 },
  });
}
