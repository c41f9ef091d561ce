/**
 * `npm run bench:soak`: load and soak of the production processes.
 *
 * 1. Bursts, 50 connections × SOAK_BURST_SECONDS (30) each: the public list, an article, a search,
 *    and comment posting — once from one client address (the per-address limit answers 429 after
 *    its allowance) and once from a new address per request (the write path under load).
 * 2. A mixed soak of SOAK_MINUTES (10): readers, an editor saving a post, commenters and
 *    subscribers at once, against the compiled api and worker (bench/production-processes.ts).
 *    Passes when no request errs, times out or answers 5xx. The resident memory of both processes
 *    is sampled every 30 s; start and end are read after a pause with no load.
 *
 * Writes bench/results/soak.{json,md}. Everything runs on 127.0.0.1 with a private database, Redis
 * prefix and SMTP sink, all removed at the end.
 */
import { writeFileSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { hashPassword } from '../api/src/modules/auth/password.ts';
import { startSmtpSink } from '../worker/test/smtp-sink.ts';
import {
  benchRedisPrefix,
  deleteBenchRedisKeys,
  migratedScratchDatabase,
  requireLoopback,
} from './bench-services.ts';
import { residentMegabytes } from './child-process.ts';
import type { LoadResult, LoadSpec } from './load-generator.ts';
import { runLoad, stopLoadGenerators } from './load-runner.ts';
import { productionEnv, startProductionProcesses } from './production-processes.ts';
import { PAGE_SIZE, pickSlugs, PLANTED_WORD } from './scenarios.ts';
import { seedDatabase } from './seed-data.ts';
import { scriptRun } from './script-run.ts';

const ROOT = fileURLToPath(new URL('..', import.meta.url));
const RESULTS = path.join(ROOT, 'bench', 'results');
const ADMIN = { username: 'soak-admin', password: 'Soak-Hasło-1!' };

const numberFromEnv = (name: string, fallback: number) => {
  const value = Number(process.env[name] || fallback);
  if (!Number.isFinite(value) || value <= 0) throw new Error(`${name} must be a positive number`);
  return value;
};
const log = (message: string) => process.stderr.write(`[soak] ${new Date().toISOString()} ${message}\n`);
const script = scriptRun(log);
const cleanups = script.cleanups;
cleanups.push(async () => stopLoadGenerators());

/** Production cookies are Secure: the proxy in front says the client came over HTTPS. */
const PROXIED = { 'x-forwarded-proto': 'https' };

/** One visitor: its cookies and CSRF token (session-bound; a new one after signing in). */
async function visitor(origin: string, signIn?: typeof ADMIN) {
  let cookie = '';
  const keep = (res: Response) => {
    const set = res.headers.getSetCookie().map((line) => line.split(';')[0]!);
    const jar = new Map(cookie ? cookie.split('; ').map((pair) => [pair.split('=')[0]!, pair] as const) : []);
    for (const pair of set) jar.set(pair.split('=')[0]!, pair);
    cookie = [...jar.values()].join('; ');
  };
  const token = async () => {
    const res = await fetch(`${origin}/api/csrf-token`, { headers: { ...PROXIED, cookie } });
    keep(res);
    return ((await res.json()) as { csrfToken: string }).csrfToken;
  };
  let csrf = await token();
  if (signIn) {
    const res = await fetch(`${origin}/api/login`, {
      method: 'POST',
      headers: { ...PROXIED, cookie, 'x-csrf-token': csrf, 'content-type': 'application/json' },
      body: JSON.stringify(signIn),
    });
    if (res.status !== 200) throw new Error(`sign-in answered ${res.status}: ${await res.text()}`);
    keep(res);
    csrf = await token();
  }
  return { cookie: () => cookie, csrf: () => csrf };
}

const has5xxOrErrors = (result: LoadResult) =>
  result.errors > 0 ||
  result.timeouts > 0 ||
  Object.keys(result.statusCodes).some((code) => Number(code) >= 500);

async function main() {
  const settings = {
    burstSeconds: numberFromEnv('SOAK_BURST_SECONDS', 30),
    soakMinutes: numberFromEnv('SOAK_MINUTES', 10),
    posts: numberFromEnv('BENCH_POSTS', 2000),
    connections: 50,
  };
  const serverUrl = process.env.BENCH_DATABASE_URL || 'postgres://postgres@127.0.0.1:5432/postgres';
  const redisUrl = process.env.BENCH_REDIS_URL || 'redis://127.0.0.1:6379';
  requireLoopback(serverUrl, 'BENCH_DATABASE_URL');
  requireLoopback(redisUrl, 'BENCH_REDIS_URL');
  const loadAverageAtStart = os.loadavg()[0]!;

  const { database, pool } = await migratedScratchDatabase(serverUrl, 'blog_soak', cleanups);
  log(`seeding ${settings.posts} posts`);
  await seedDatabase(pool, { posts: settings.posts, plantedWord: PLANTED_WORD, plantedShare: 0.01, seed: 1 });
  await pool.query('VACUUM (ANALYZE)');
  const slugs = await pickSlugs(pool, 200);

  // The editor who saves posts (the seeded authors have no password).
  await pool.query(
    `INSERT INTO users (username, password_hash, email, display_name, role) VALUES ($1, $2, $3, $4, 'admin')`,
    [ADMIN.username, await hashPassword(ADMIN.password), 'soak-admin@example.com', 'Redaktor Soak'],
  );
  const sink = await startSmtpSink();
  cleanups.push(() => sink.stop());
  // E-mail to a local sink (comment notifications, subscription confirmations); a cap no soak reaches.
  await pool.query(
    `INSERT INTO site_settings (key, value) VALUES
       ('smtpHost', $1), ('smtpPort', $2), ('smtpSecure', 'false'), ('senderEmail', 'soak@example.com'),
       ('subscriptionDailyLimit', '100000000')
     ON CONFLICT (key) DO UPDATE SET value = EXCLUDED.value`,
    [sink.host, String(sink.port)],
  );

  const redisPrefix = benchRedisPrefix();
  cleanups.push(() => deleteBenchRedisKeys(redisUrl, redisPrefix));
  const dataDir = await mkdtemp(path.join(os.tmpdir(), 'blog-soak-data-'));
  cleanups.push(() => rm(dataDir, { recursive: true, force: true }));
  const env = {
    ...productionEnv({ databaseUrl: database.url, redisUrl, redisPrefix, dataDir }),
    // The load generator is the one proxy in front: each request's X-Forwarded-For is its client.
    TRUST_PROXY: '1',
  };
  const { api, worker } = await startProductionProcesses(ROOT, env);
  cleanups.push(
    () => api.stop(),
    () => worker.stop(),
  );
  const origin = api.origin;
  log(`api pid ${api.pid}, worker pid ${worker.pid}`);

  const article = async (slug: string) =>
    (await (await fetch(`${origin}/api/posts/${encodeURIComponent(slug)}`)).json()) as {
      id: number;
      slug: string;
    };
  const commented = await article(slugs[0]!);
  const { rows: categoryRows } = await pool.query<{ id: number }>(
    `SELECT id FROM categories WHERE enabled ORDER BY id LIMIT 1`,
  );
  const categoryId = categoryRows[0]!.id;
  const reader = await visitor(origin);
  const editor = await visitor(origin, ADMIN);
  const edited = await article(slugs[1]!);
  const editedPost = (await (
    await fetch(`${origin}/api/admin/posts/${edited.id}`, {
      headers: { ...PROXIED, cookie: editor.cookie() },
    })
  ).json()) as { title: string; slug: string; content: string; categories: number[] };

  const json = (who: typeof reader) => ({
    ...PROXIED,
    cookie: who.cookie(),
    'x-csrf-token': who.csrf(),
    'content-type': 'application/json',
  });
  const comment = {
    method: 'POST',
    path: `/api/posts/${commented.id}/comments`,
    headers: json(reader),
    body: JSON.stringify({
      author: 'Czytelnik Soak',
      email: 'czytelnik@example.com',
      content: 'Komentarz [<id>]',
    }),
  };
  const subscribe = {
    method: 'POST',
    path: '/api/subscribe',
    headers: json(reader),
    body: JSON.stringify({ email: 'soak-[<id>]@example.com', categoryId, consent: true }),
  };
  const boundary = 'soakboundary7MA4YWxkTrZu0gW';
  const save = {
    method: 'PUT',
    path: `/api/admin/posts/${edited.id}`,
    headers: { ...json(editor), 'content-type': `multipart/form-data; boundary=${boundary}` },
    body: [
      `--${boundary}`,
      'Content-Disposition: form-data; name="postData"',
      '',
      JSON.stringify({
        title: `${editedPost.title.slice(0, 150)} [<id>]`,
        slug: editedPost.slug,
        content: `${editedPost.content}<p>Poprawka [<id>]</p>`,
        published: true,
        categories: editedPost.categories,
      }),
      `--${boundary}--`,
      '',
    ].join('\r\n'),
  };
  const list = `/api/posts?page=1&limit=${PAGE_SIZE}`;
  const search = `/api/posts?page=1&limit=${PAGE_SIZE}&q=${encodeURIComponent(PLANTED_WORD)}`;
  const articles = slugs.slice(0, 100).map((slug) => `/api/posts/${encodeURIComponent(slug)}`);

  // Warm up, then the memory at start (after a pause with no load).
  await runLoad({ origin, paths: [list, search, ...articles], connections: 10, durationSeconds: 5 });
  await new Promise((resolve) => setTimeout(resolve, 5000));
  const memoryAt = () => ({
    apiRssMb: residentMegabytes(api.pid),
    workerRssMb: residentMegabytes(worker.pid),
  });
  const memoryStart = memoryAt();
  log(`memory at start ${JSON.stringify(memoryStart)}`);

  const base = { origin, connections: settings.connections, durationSeconds: settings.burstSeconds };
  const bursts: Record<string, { spec: string; result: LoadResult }> = {};
  const burst = async (
    name: string,
    spec: Omit<LoadSpec, 'origin' | 'connections' | 'durationSeconds' | 'paths'> & { paths?: string[] },
    what: string,
  ) => {
    log(`burst ${name}`);
    bursts[name] = { spec: what, result: await runLoad({ ...base, paths: [], ...spec }) };
    log(`  ${JSON.stringify(bursts[name].result.statusCodes)} p99 ${bursts[name].result.latencyMs.p99} ms`);
  };
  await burst('list', { paths: [list] }, 'GET the home page list');
  await burst('article', { paths: articles }, 'GET one of 100 articles in turn');
  await burst('search', { paths: [search] }, `GET a search for "${PLANTED_WORD}"`);
  await burst(
    'comments-one-address',
    { requests: [comment], idReplacement: true },
    'POST a comment, all from one address',
  );
  await burst(
    'comments-many-addresses',
    { requests: [comment], idReplacement: true, uniqueClientAddress: true },
    'POST a comment, each from a new address',
  );

  // The mixed soak: four streams at once, memory sampled every 30 s.
  const soakSeconds = Math.round(settings.soakMinutes * 60);
  log(`mixed soak for ${soakSeconds} s`);
  const samples: { atSeconds: number; apiRssMb?: number; workerRssMb?: number }[] = [];
  const started = Date.now();
  const sampler = setInterval(
    () => samples.push({ atSeconds: Math.round((Date.now() - started) / 1000), ...memoryAt() }),
    30_000,
  );
  const streams = {
    readers: { connections: 16, paths: [list, ...articles.slice(0, 20), search] },
    editor: { connections: 1, requests: [save], idReplacement: true },
    commenters: { connections: 3, requests: [comment], idReplacement: true, uniqueClientAddress: true },
    subscribers: { connections: 2, requests: [subscribe], idReplacement: true, uniqueClientAddress: true },
  } satisfies Record<string, Partial<LoadSpec>>;
  const soakResults = Object.fromEntries(
    await Promise.all(
      Object.entries(streams).map(async ([name, spec]) => [
        name,
        await runLoad({ origin, durationSeconds: soakSeconds, paths: [], ...spec }),
      ]),
    ),
  ) as Record<keyof typeof streams, LoadResult>;
  clearInterval(sampler);
  await new Promise((resolve) => setTimeout(resolve, 10_000));
  const memoryEnd = memoryAt();
  log(`memory at end ${JSON.stringify(memoryEnd)}`);
  const emails = sink.received.length;

  const failed = Object.entries(soakResults)
    .filter(([, result]) => has5xxOrErrors(result))
    .map(([name]) => name);
  const burstFailures = Object.entries(bursts)
    .filter(([, { result }]) => has5xxOrErrors(result))
    .map(([name]) => name);
  const report = {
    at: new Date().toISOString(),
    machine: {
      cpus: os.cpus().length,
      loadAverageAtStart: Math.round(loadAverageAtStart * 100) / 100,
      shared: true,
    },
    settings,
    bursts,
    soak: { seconds: soakSeconds, streams: soakResults, memorySamples: samples, emailsDelivered: emails },
    memory: { start: memoryStart, end: memoryEnd },
    passed: failed.length === 0 && burstFailures.length === 0,
    failures: [...burstFailures, ...failed],
  };
  writeFileSync(path.join(RESULTS, 'soak.json'), `${JSON.stringify(report, null, 2)}\n`);
  writeFileSync(path.join(RESULTS, 'soak.md'), markdown(report));
  log(report.passed ? 'passed' : `FAILED: ${report.failures.join(', ')}`);
  return report.passed;
}

const codes = (result: LoadResult) =>
  Object.entries(result.statusCodes)
    .map(([code, count]) => `${code}×${count}`)
    .join(' ');
const row = (name: string, what: string, result: LoadResult) =>
  `| ${name} | ${what} | ${result.totalRequests} | ${result.requestsPerSecond} | ${result.latencyMs.p50} | ${result.latencyMs.p99} | ${codes(result)} | ${result.errors + result.timeouts} |`;

function markdown(report: {
  at: string;
  machine: { cpus: number; loadAverageAtStart: number };
  settings: { burstSeconds: number; soakMinutes: number; posts: number; connections: number };
  bursts: Record<string, { spec: string; result: LoadResult }>;
  soak: {
    seconds: number;
    streams: Record<string, LoadResult>;
    memorySamples: { atSeconds: number; apiRssMb?: number; workerRssMb?: number }[];
    emailsDelivered: number;
  };
  memory: {
    start: { apiRssMb?: number; workerRssMb?: number };
    end: { apiRssMb?: number; workerRssMb?: number };
  };
  passed: boolean;
  failures: string[];
}): string {
  const header =
    '| Run | What | Requests | req/s | p50 ms | p99 ms | Statuses | Errors + timeouts |\n| --- | --- | --- | --- | --- | --- | --- | --- |';
  return [
    '# Load and soak (`npm run bench:soak`)',
    '',
    `Run ${report.at} on a ${report.machine.cpus}-core machine shared with other engineers' builds and tests`,
    `(1-minute load average ${report.machine.loadAverageAtStart} at the start): absolute figures are noisy; the`,
    'pass criteria (no error, no 5xx, memory flat) are what matters. Production processes (compiled api and',
    `worker), ${report.settings.posts} seeded posts, PostgreSQL and Redis on 127.0.0.1.`,
    '',
    `**Result: ${report.passed ? 'passed' : `FAILED (${report.failures.join(', ')})`}.**`,
    '',
    `## Bursts: ${report.settings.connections} connections × ${report.settings.burstSeconds} s`,
    '',
    header,
    ...Object.entries(report.bursts).map(([name, { spec, result }]) => row(name, spec, result)),
    '',
    'From one address the comment limit (5 per 5 minutes per address) answers 429 after the first few:',
    'that is the limit doing its job. From a new address per request every comment is written.',
    '',
    `## Mixed soak: ${Math.round(report.soak.seconds / 60)} minutes, four streams at once`,
    '',
    header,
    ...Object.entries(report.soak.streams).map(([name, result]) => row(name, name, result)),
    '',
    `E-mails delivered to the local SMTP sink during the run: ${report.soak.emailsDelivered}.`,
    '',
    '## Memory (resident, MB; start and end after 5–10 s without load)',
    '',
    '| Process | Start | End |',
    '| --- | --- | --- |',
    `| api | ${report.memory.start.apiRssMb} | ${report.memory.end.apiRssMb} |`,
    `| worker | ${report.memory.start.workerRssMb} | ${report.memory.end.workerRssMb} |`,
    '',
    'Samples during the soak (seconds: api / worker): ' +
      report.soak.memorySamples.map((s) => `${s.atSeconds}: ${s.apiRssMb}/${s.workerRssMb}`).join(', '),
    '',
  ].join('\n');
}

script.run(main);
