/**
 * `npm run security:scan` (issue 24): wapiti and sqlmap against a local instance with seeded data.
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
 * finding of medium or higher is not listed as explained in EXPLAINED below.
 *
 * Needs `wapiti` and `sqlmap` (Debian: apt-get install -y wapiti sqlmap). SCAN_MINUTES bounds each
 * wapiti run (default 4); SQLMAP_TIMEOUT_SECONDS each sqlmap target (default 150).
 */
import { spawn, spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import pg from 'pg';
import { loadConfig } from '../api/src/config.ts';
import { runMigrations } from '../api/src/db/migrate.ts';
import { createScratchDatabase } from '../api/src/db/scratch-database.ts';
import { hashPassword } from '../api/src/modules/auth/password.ts';
import { startApiServer } from '../api/src/server.ts';
import { benchRedisPrefix, deleteBenchRedisKeys, requireLoopback } from '../bench/bench-services.ts';
import { productionEnv } from '../bench/production-processes.ts';
import { pickSlugs, PLANTED_WORD } from '../bench/scenarios.ts';
import { seedDatabase } from '../bench/seed-data.ts';
import { scriptRun } from '../bench/script-run.ts';

const ROOT = fileURLToPath(new URL('..', import.meta.url));
const WEB_DIST = path.join(ROOT, 'web', 'dist');
const RESULTS = path.join(ROOT, 'security', 'results');
const ADMIN = { username: 'scan-admin', password: 'Skan-Hasło-1!' };
const WAPITI_MODULES =
  'blindsql,cookieflags,crlf,csp,exec,file,http_headers,permanentxss,redirect,sql,xss,methods';

/**
 * Findings checked by hand and not a vulnerability here, by wapiti module (`category`) and a
 * pattern of its text: each with the reason, which the report repeats.
 */
const EXPLAINED: { category: RegExp; info: RegExp; why: string }[] = [
  {
    category: /HTTP Secure Headers/i,
    info: /X-XSS-Protection/i,
    why: 'helmet sends `X-XSS-Protection: 0` on purpose (wapiti 3.0.4 reports any value but 1 as not set): the old XSS auditor it would switch on is itself an information leak, and the CSP is the defence.',
  },
  {
    category: /Secure Flag cookie|HttpOnly Flag cookie/i,
    info: /csrf|session|sid/i,
    why: 'the scan speaks plain HTTP to 127.0.0.1; in production the session cookie is `__Host-`, Secure and HttpOnly (tested in api/src/security/csrf-sessions.security.test.ts), and the CSRF cookie is Secure too.',
  },
];

const log = (message: string) => process.stderr.write(`[scan] ${new Date().toISOString()} ${message}\n`);
const script = scriptRun(log);
const cleanups = script.cleanups;

/** The loopback proxy both scanners use: a client address of its own per request, HTTPS as seen by the API. */
async function startClientProxy(target: string): Promise<{ url: string; close(): Promise<void> }> {
  let n = 0;
  const server = http.createServer((req, res) => {
    const url = new URL(req.url ?? '/', target); // proxies get absolute URIs; only the path is kept
    const i = n++;
    const upstream = http.request(
      `${target}${url.pathname}${url.search}`,
      {
        method: req.method,
        headers: {
          ...req.headers,
          host: new URL(target).host,
          'x-forwarded-for': `10.${(i >> 16) & 255}.${(i >> 8) & 255}.${i & 255}`,
          'x-forwarded-proto': 'https',
        },
      },
      (answer) => {
        res.writeHead(answer.statusCode ?? 502, answer.headers);
        answer.pipe(res);
      },
    );
    upstream.on('error', () => res.destroy());
    req.pipe(upstream);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    close: () => new Promise((resolve) => server.close(() => resolve())),
  };
}

/** An admin's session cookie and CSRF token (asked through the proxy, so HTTPS as production wants). */
async function signIn(proxy: string, origin: string): Promise<{ cookie: string; csrf: string }> {
  const agent = (pathname: string, init: RequestInit = {}) =>
    new Promise<{ status: number; cookies: string[]; body: string }>((resolve, reject) => {
      const request = http.request(
        `${proxy}${pathname}`,
        {
          method: init.method ?? 'GET',
          headers: { ...(init.headers as Record<string, string>), host: new URL(origin).host },
        },
        (res) => {
          let body = '';
          res.setEncoding('utf8').on('data', (chunk: string) => (body += chunk));
          res.on('end', () =>
            resolve({ status: res.statusCode ?? 0, cookies: res.headers['set-cookie'] ?? [], body }),
          );
        },
      );
      request.on('error', reject);
      request.end(init.body as string | undefined);
    });
  const jar = new Map<string, string>();
  const keep = (cookies: string[]) => {
    for (const line of cookies) {
      const pair = line.split(';')[0]!;
      jar.set(pair.split('=')[0]!, pair);
    }
  };
  const cookie = () => [...jar.values()].join('; ');
  const token = async () => {
    const res = await agent('/api/csrf-token', { headers: { cookie: cookie() } });
    keep(res.cookies);
    return (JSON.parse(res.body) as { csrfToken: string }).csrfToken;
  };
  const first = await token();
  const login = await agent('/api/login', {
    method: 'POST',
    headers: { cookie: cookie(), 'x-csrf-token': first, 'content-type': 'application/json' },
    body: JSON.stringify(ADMIN),
  });
  if (login.status !== 200) throw new Error(`sign-in answered ${login.status}: ${login.body}`);
  keep(login.cookies);
  return { cookie: cookie(), csrf: await token() };
}

/**
 * Runs a scanner without blocking this process's event loop: the API and the proxy it scans live
 * here. Killed at `timeoutMs`.
 */
function runTool(
  command: string,
  args: string[],
  timeoutMs: number,
): Promise<{ stdout: string; stderr: string; timedOut: boolean }> {
  return new Promise((resolve, reject) => {
    const child = spawn(command, args, { stdio: ['ignore', 'pipe', 'pipe'] });
    let stdout = '';
    let stderr = '';
    let timedOut = false;
    child.stdout.setEncoding('utf8').on('data', (chunk: string) => (stdout += chunk));
    child.stderr.setEncoding('utf8').on('data', (chunk: string) => (stderr += chunk));
    const timer = setTimeout(() => {
      timedOut = true;
      child.kill('SIGTERM');
    }, timeoutMs);
    child.on('error', reject);
    child.on('close', () => {
      clearTimeout(timer);
      resolve({ stdout, stderr, timedOut });
    });
  });
}

interface WapitiFinding {
  run: string;
  category: string;
  level: number;
  method: string;
  path: string;
  parameter: string;
  info: string;
  explained?: string;
}

async function runWapiti(
  name: string,
  proxy: string,
  origin: string,
  starts: string[],
  headers: string[],
  dir: string,
) {
  const output = path.join(dir, `wapiti-${name}.json`);
  const args = [
    '-u',
    `${origin}/`,
    '--scope',
    'folder',
    ...starts.flatMap((start) => ['-s', `${origin}${start}`]),
    // No -x: wapiti 3.0.4 cannot compile its exclusion patterns on Python 3.11. Nothing to exclude
    // anyway: signing out and clearing the log are POSTs, and wapiti follows links (GET) only.
    '-m',
    WAPITI_MODULES,
    '-p',
    proxy,
    ...headers.flatMap((header) => ['-H', header]),
    '-f',
    'json',
    '-o',
    output,
    '--flush-session',
    '--no-bugreport',
    '-v',
    '0',
    '--max-scan-time',
    String(Number(process.env.SCAN_MINUTES || 4) * 60),
    '--max-attack-time',
    '60',
    '-d',
    '3',
  ];
  log(`wapiti ${name}`);
  const result = await runTool('wapiti', args, 15 * 60_000);
  if (!existsSync(output)) throw new Error(`wapiti ${name} wrote no report: ${result.stderr.slice(-2000)}`);
  const report = JSON.parse(readFileSync(output, 'utf8')) as {
    vulnerabilities?: Record<
      string,
      { method: string; path: string; info: string; level: number; parameter: string }[]
    >;
    anomalies?: Record<
      string,
      { method: string; path: string; info: string; level: number; parameter: string }[]
    >;
  };
  const findings: WapitiFinding[] = [];
  for (const group of [report.vulnerabilities ?? {}, report.anomalies ?? {}]) {
    for (const [category, list] of Object.entries(group)) {
      for (const item of list) {
        const explained = EXPLAINED.find((e) => e.category.test(category) && e.info.test(item.info));
        findings.push({
          run: name,
          category,
          level: item.level,
          method: item.method,
          path: item.path,
          parameter: item.parameter,
          info: item.info.slice(0, 300),
          ...(explained ? { explained: explained.why } : {}),
        });
      }
    }
  }
  return findings;
}

interface SqlmapTarget {
  name: string;
  url: string;
  method?: string;
  data?: string;
  headers?: string[];
  /** An answer that is the normal one here (a wrong password is 401), not a reason to stop. */
  ignoreCode?: number;
}

/** sqlmap on one target; returns the injectable parameters it confirmed (none is the goal). */
async function runSqlmap(target: SqlmapTarget, proxy: string, dir: string) {
  const out = path.join(dir, 'sqlmap', target.name);
  mkdirSync(out, { recursive: true });
  const csv = path.join(out, 'results.csv');
  const args = [
    '-u',
    target.url,
    '--batch',
    '--flush-session',
    '--proxy',
    proxy,
    '--technique',
    'BEUST',
    '--time-sec',
    '2',
    '--level',
    '1',
    '--risk',
    '1',
    '--dbms',
    'PostgreSQL',
    '--output-dir',
    out,
    '--results-file',
    csv,
    '--disable-coloring',
    ...(target.method ? ['--method', target.method] : []),
    ...(target.data ? ['--data', target.data] : []),
    ...(target.ignoreCode ? ['--ignore-code', String(target.ignoreCode)] : []),
    ...(target.headers ?? []).flatMap((header) => ['-H', header]),
  ];
  log(`sqlmap ${target.name}`);
  const started = Date.now();
  const result = await runTool('sqlmap', args, Number(process.env.SQLMAP_TIMEOUT_SECONDS || 150) * 1000);
  const stdout = result.stdout;
  const injectable = existsSync(csv)
    ? readFileSync(csv, 'utf8')
        .split('\n')
        .slice(1)
        .filter((line) => line.trim())
    : [];
  return {
    name: target.name,
    seconds: Math.round((Date.now() - started) / 1000),
    timedOut: result.timedOut,
    injectable,
    verdict: injectable.length
      ? 'INJECTABLE'
      : /all tested parameters do not appear to be injectable/.test(stdout)
        ? 'not injectable'
        : result.timedOut
          ? 'stopped at the time bound (nothing confirmed)'
          : (
              stdout
                .split('\n')
                .filter((line) => /\[(CRITICAL|ERROR)\]/.test(line))
                .at(-1) ?? 'nothing confirmed'
            ).trim(),
  };
}

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
  const database = await createScratchDatabase(serverUrl, 'blog_scan');
  cleanups.push(() => database.drop());
  await runMigrations(database.url);
  const pool = new pg.Pool({ connectionString: database.url, max: 2 });
  pool.on('error', () => undefined);
  cleanups.push(() => pool.end());
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
  const admin = await signIn(proxy.url, origin);
  const adminHeaders = [`Cookie: ${admin.cookie}`, `X-CSRF-Token: ${admin.csrf}`];
  const work = await mkdtemp(path.join(os.tmpdir(), 'blog-scan-'));
  cleanups.push(() => rm(work, { recursive: true, force: true }));

  const publicStarts = [
    '/',
    '/posts',
    `/post/${slug}`,
    '/contact',
    '/about',
    '/auth',
    `/posts?q=${PLANTED_WORD}`,
    '/api/posts?page=1&limit=6',
    `/api/posts?page=1&limit=6&q=${PLANTED_WORD}`,
    `/api/posts/${slug}`,
    '/api/categories',
    '/api/tags',
    '/api/site-settings',
    '/api/subscription-stats',
    '/rss.xml',
    '/sitemap.xml',
    `/api/unsubscribe?email=a%40example.com&category=${ids.category}&token=x`,
  ];
  const adminStarts = [
    '/admin',
    '/api/user',
    '/api/admin/posts',
    `/api/admin/posts/${ids.id}`,
    `/api/admin/posts/${ids.id}/revisions`,
    '/api/admin/categories',
    '/api/admin/comments',
    '/api/admin/users',
    '/api/admin/subscriptions',
    '/api/admin/contact-messages',
    '/api/admin/logs?type=error&limit=50',
    '/api/admin/site-settings',
    '/api/admin/email-settings',
  ];
  const findings = [
    ...(await runWapiti('anonymous', proxy.url, origin, publicStarts, [], work)),
    ...(await runWapiti('admin', proxy.url, origin, [...publicStarts, ...adminStarts], adminHeaders, work)),
  ];

  const json = 'Content-Type: application/json';
  const anonymous = await signInAnonymous(proxy.url, origin);
  const anon = [`Cookie: ${anonymous.cookie}`, `X-CSRF-Token: ${anonymous.csrf}`, json];
  const u = (pathname: string) => `${origin}${pathname}`;
  const targets: SqlmapTarget[] = [
    { name: 'posts-list-query', url: u(`/api/posts?page=1&limit=6&q=${PLANTED_WORD}`) },
    { name: 'post-by-slug-path', url: u(`/api/posts/${slug}*`) },
    { name: 'post-by-id-path', url: u(`/api/posts/${ids.id}*`) },
    {
      name: 'unsubscribe-query',
      url: u(`/api/unsubscribe?email=a%40example.com&category=${ids.category}&token=x`),
    },
    {
      name: 'login-body',
      url: u('/api/login'),
      data: '{"username":"ktos*","password":"Haslo-1!*"}',
      headers: anon,
      ignoreCode: 401,
    },
    {
      name: 'comment-body',
      url: u(`/api/posts/${ids.id}/comments`),
      data: '{"author":"Jan*","email":"jan@example.com*","content":"Treść komentarza*"}',
      headers: anon,
    },
    {
      name: 'subscribe-body',
      url: u('/api/subscribe'),
      data: `{"email":"x@example.com*","categoryId":${ids.category},"consent":true}`,
      headers: anon,
    },
    {
      name: 'reset-request-body',
      url: u('/api/password-reset/request'),
      data: '{"email":"x@example.com*"}',
      headers: anon,
    },
    { name: 'admin-post-path', url: u(`/api/admin/posts/${ids.id}*`), headers: adminHeaders },
    { name: 'admin-revisions-path', url: u(`/api/admin/posts/${ids.id}*/revisions`), headers: adminHeaders },
    {
      name: 'admin-user-update',
      url: u(`/api/admin/users/${ids.author}*`),
      method: 'PATCH',
      data: '{"displayName":"Autor skanu*"}',
      headers: [...adminHeaders, json],
    },
    { name: 'admin-logs-query', url: u('/api/admin/logs?type=error&limit=50'), headers: adminHeaders },
    {
      name: 'admin-category-body',
      url: u('/api/admin/categories'),
      data: '{"name":"Kategoria skanu*"}',
      headers: [...adminHeaders, json],
    },
  ];
  const sqlmap: Awaited<ReturnType<typeof runSqlmap>>[] = [];
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

async function signInAnonymous(proxy: string, origin: string) {
  return new Promise<{ cookie: string; csrf: string }>((resolve, reject) => {
    http
      .get(`${proxy}/api/csrf-token`, { headers: { host: new URL(origin).host } }, (res) => {
        let body = '';
        res.setEncoding('utf8').on('data', (chunk: string) => (body += chunk));
        res.on('end', () =>
          resolve({
            cookie: (res.headers['set-cookie'] ?? []).map((line) => line.split(';')[0]).join('; '),
            csrf: (JSON.parse(body) as { csrfToken: string }).csrfToken,
          }),
        );
      })
      .on('error', reject);
  });
}

const LEVELS = ['info', 'low', 'medium', 'high', 'critical'];

function report(findings: WapitiFinding[], sqlmap: Awaited<ReturnType<typeof runSqlmap>>[]): string {
  const byCategory = new Map<string, WapitiFinding[]>();
  for (const finding of findings)
    byCategory.set(`${finding.run}|${finding.category}`, [
      ...(byCategory.get(`${finding.run}|${finding.category}`) ?? []),
      finding,
    ]);
  return [
    '# Scanner results (`npm run security:scan`)',
    '',
    `Run ${new Date().toISOString()} against a local production-mode API with seeded data (200 posts), through a`,
    'loopback proxy that gives each request its own client address. wapiti modules: ' + WAPITI_MODULES + '.',
    '',
    '## wapiti',
    '',
    '| Run | Category | Level | Count | Example | Verdict |',
    '| --- | --- | --- | --- | --- | --- |',
    ...[...byCategory].map(([key, list]) => {
      const [run, category] = key.split('|');
      const first = list[0]!;
      return `| ${run} | ${category} | ${LEVELS[first.level] ?? first.level} | ${list.length} | ${first.method} ${first.path} ${first.parameter ? `(${first.parameter})` : ''} | ${first.explained ? `false positive: ${first.explained}` : first.level >= 2 ? '**open**' : 'low/info'} |`;
    }),
    findings.length ? '' : 'No findings.',
    '',
    '## sqlmap (techniques BEUST, level 1, risk 1, PostgreSQL)',
    '',
    '| Target | Seconds | Verdict |',
    '| --- | --- | --- |',
    ...sqlmap.map((s) => `| ${s.name} | ${s.seconds} | ${s.verdict.replace(/\|/g, '/')} |`),
    '',
  ].join('\n');
}

script.run(main);
