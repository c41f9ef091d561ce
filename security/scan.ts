/**
 * `npm run security:scan`: wapiti and sqlmap against a local instance with seeded data.
 *
 * Starts the API in production mode in this process (a private database seeded as the bench seeds,
 * a private Redis prefix, the built web app), then:
 * - wapiti over the public pages and the API, once anonymous and once signed in as an admin (the
 *   session cookie as a header, since production cookies are Secure and the scan speaks plain HTTP);
 * - sqlmap over every parameter that reaches a query: query parameters, JSON body fields (marked `*`)
 *   and path ids, anonymous and admin.
 * Both go through a small loopback proxy that gives every request a client address of its own (the
 * API trusts one proxy), so the per-address rate limits do not turn the probes into 429s, and says
 * the client came over HTTPS.
 * Writes security/results/scan.md (and scan.json with the raw findings); exits non-zero when a
 * finding of medium or higher is not listed as explained in EXPLAINED (scan-wapiti.ts).
 *
 * Needs `wapiti` and `sqlmap` (Debian: apt-get install -y wapiti sqlmap). SCAN_MINUTES bounds each
 * wapiti run (default 4); SQLMAP_TIMEOUT_SECONDS each sqlmap target (default 150).
 */
import { spawnSync } from 'node:child_process';
import { existsSync, writeFileSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { loadConfig } from '../api/src/config.ts';
import { hashPassword } from '../api/src/modules/auth/password.ts';
import { startApiServer } from '../api/src/server.ts';
import {
  benchRedisPrefix,
  deleteBenchRedisKeys,
  migratedScratchDatabase,
  requireLoopback,
} from '../bench/bench-services.ts';
import { productionEnv } from '../bench/production-processes.ts';
import { pickSlugs, PLANTED_WORD } from '../bench/scenarios.ts';
import { seedDatabase } from '../bench/seed-data.ts';
import { scriptRun } from '../bench/script-run.ts';
import { startClientProxy } from './scan-proxy.ts';
import { report } from './scan-report.ts';
import { signIn, signInAnonymous } from './scan-sessions.ts';
import { runSqlmap, sqlmapTargets, type SqlmapResult } from './scan-sqlmap.ts';
import { log } from './scan-tool.ts';
import { runWapiti, wapitiStarts } from './scan-wapiti.ts';

const ROOT = fileURLToPath(new URL('..', import.meta.url));
const WEB_DIST = path.join(ROOT, 'web', 'dist');
const RESULTS = path.join(ROOT, 'security', 'results');
const ADMIN = { username: 'scan-admin', password: 'Skan-Hasło-1!' };

const script = scriptRun(log);
const cleanups = script.cleanups;

async function main() {
  const serverUrl = process.env.SCAN_DATABASE_URL || 'postgres://postgres@127.0.0.1:5432/postgres';
  const redisUrl = process.env.SCAN_REDIS_URL || 'redis://127.0.0.1:6379';
  requireLoopback(serverUrl, 'SCAN_DATABASE_URL');
  requireLoopback(redisUrl, 'SCAN_REDIS_URL');
  if (!existsSync(path.join(WEB_DIST, 'index.html'))) {
    log('building the web app');
    if (spawnSync('npm', ['run', 'build', '-w', 'web'], { cwd: ROOT, stdio: 'inherit' }).status !== 0)
      throw new Error('web build failed');
  }
  const { database, pool } = await migratedScratchDatabase(serverUrl, 'blog_scan', cleanups);
  await seedDatabase(pool, { posts: 200, plantedWord: PLANTED_WORD, plantedShare: 0.05, seed: 1 });
  await pool.query(
    `INSERT INTO users (username, password_hash, email, display_name, role) VALUES ($1, $2, $3, $4, 'admin')`,
    [ADMIN.username, await hashPassword(ADMIN.password), 'scan-admin@example.com', 'Skaner'],
  );
  const [slug] = await pickSlugs(pool, 5);
  const { rows } = await pool.query<{ id: number; category: number; author: number }>(
    `SELECT (SELECT id FROM posts WHERE slug = $1) AS id, (SELECT id FROM categories WHERE enabled LIMIT 1) AS category,
            (SELECT id FROM users WHERE username <> $2 ORDER BY id DESC LIMIT 1) AS author`,
    [slug, ADMIN.username],
  );
  const ids = rows[0]!;
  const redisPrefix = benchRedisPrefix();
  cleanups.push(() => deleteBenchRedisKeys(redisUrl, redisPrefix));
  const dataDir = await mkdtemp(path.join(os.tmpdir(), 'blog-scan-data-'));
  cleanups.push(() => rm(dataDir, { recursive: true, force: true }));
  const env = {
    ...productionEnv({ databaseUrl: database.url, redisUrl, redisPrefix, dataDir }),
    TRUST_PROXY: '1',
    LOG_LEVEL: 'silent',
  };
  const api = await startApiServer(loadConfig(env), { webDistDir: WEB_DIST });
  cleanups.push(() => api.close());
  const origin = `http://127.0.0.1:${api.port}`;
  const proxy = await startClientProxy(origin);
  cleanups.push(() => proxy.close());
  const admin = await signIn(proxy.url, origin, ADMIN);
  const adminHeaders = [`Cookie: ${admin.cookie}`, `X-CSRF-Token: ${admin.csrf}`];
  const work = await mkdtemp(path.join(os.tmpdir(), 'blog-scan-'));
  cleanups.push(() => rm(work, { recursive: true, force: true }));

  const { publicStarts, adminStarts } = wapitiStarts(slug, ids);
  const findings = [
    ...(await runWapiti('anonymous', proxy.url, origin, publicStarts, [], work)),
    ...(await runWapiti('admin', proxy.url, origin, [...publicStarts, ...adminStarts], adminHeaders, work)),
  ];

  const anonymous = await signInAnonymous(proxy.url, origin);
  const targets = sqlmapTargets(origin, slug, ids, anonymous, adminHeaders);
  const sqlmap: SqlmapResult[] = [];
  for (const target of targets) sqlmap.push(await runSqlmap(target, proxy.url, work));

  const open = findings.filter((f) => f.level >= 2 && !f.explained);
  const injectable = sqlmap.filter((s) => s.injectable.length);
  writeFileSync(
    path.join(RESULTS, 'scan.json'),
    `${JSON.stringify({ at: new Date().toISOString(), findings, sqlmap }, null, 2)}\n`,
  );
  writeFileSync(path.join(RESULTS, 'scan.md'), report(findings, sqlmap));
  log(
    `wapiti: ${findings.length} findings, ${open.length} medium+ unexplained; sqlmap: ${injectable.length} injectable`,
  );
  return open.length === 0 && injectable.length === 0;
}

script.run(main);
