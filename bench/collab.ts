/**
 * Live co-editing under typing: the compiled API as two production processes on a private database
 * (`blog_bench_collab_<random>`: migrated, one admin, 51 posts) and a private Redis prefix, with
 * simulated editors (bench/collab-typing.ts) typing 5 letters a second each, BENCH_COLLAB_SECONDS a phase
 * (60 by default, split over BENCH_COLLAB_ROUNDS interleaved rounds, 3 by default, each after a short
 * warm-up):
 *
 *   1. one post, 20 editors (each its own session), alternately on the two processes;
 *   2. 50 posts open at once, 2 editors each (one on each process, sessions reused).
 *
 * Remote keystroke latency (send → seen by every other editor of the post), p50/p95/max split by
 * same process / across processes; each process's CPU (/proc/<pid>/stat) and RSS (before the
 * editors join, and at the end of the typing; the difference per open document). Writes
 * bench/results/collab.{json,md}. The target (the co-editing issue): p95 ≤ 50 ms on loopback.
 *
 *   npm run bench:collab
 *   BENCH_COLLAB_SECONDS=10 npm run bench:collab   # smoke run
 */
import { randomBytes } from 'node:crypto';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import { setTimeout as sleep } from 'node:timers/promises';
import { fileURLToPath } from 'node:url';
import { COLLAB_PATH } from '../api/src/modules/collab/collab-server.ts';
import { openCollabEditor } from '../api/test/collab-editor.ts';
import { buildServer } from '../infra/src/build-server.ts';
import { deleteBenchRedisKeys, migratedScratchDatabase, requireLoopback } from './bench-services.ts';
import { cpuSeconds, residentMegabytes } from './child-process.ts';
import { type BenchEditor, addParagraphs, startTyping } from './collab-typing.ts';
import { createBenchPosts, signInSessions } from './collab-sessions.ts';
import {
  productionCommand,
  productionEnv,
  type StartedProcess,
  startNodeProcess,
} from './production-processes.ts';
import { combine, latency, markdown, type PhaseResult, round } from './collab-report.ts';

const ROOT = fileURLToPath(new URL('..', import.meta.url));
const RESULTS_DIR = path.join(ROOT, 'bench', 'results');
const SECONDS = Number(process.env.BENCH_COLLAB_SECONDS ?? 60);
const ROUNDS = Number(process.env.BENCH_COLLAB_ROUNDS ?? 3);
const WARMUP_SECONDS = Math.min(3, Math.max(1, SECONDS / ROUNDS / 10));
const PER_SECOND = 5;
const EDITORS_ON_ONE_POST = 20;
const MANY_POSTS = 50;
const EDITORS_PER_POST = 2;
const TARGET_P95_MS = 50;

const serverUrl = process.env.BENCH_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
const redisUrl = process.env.BENCH_REDIS_URL ?? 'redis://127.0.0.1:6379';
requireLoopback(serverUrl, 'BENCH_DATABASE_URL');
requireLoopback(redisUrl, 'BENCH_REDIS_URL');

const log = (line: string) => process.stdout.write(`[bench:collab] ${line}\n`);
const loadAverage = () => os.loadavg().map(round);

/** Editors opened so far: each a new index, so a later round's paragraphs are new ones. */
let editorsOpened = 0;

async function runPhase(
  name: string,
  apis: StartedProcess[],
  postIds: number[],
  perPost: number,
  sessions: { cookie: string; ip: string }[],
  seconds: number,
): Promise<PhaseResult> {
  log(`${name}: ${postIds.length} post(s) × ${perPost} editors`);
  const rssBefore = apis.map(({ pid }) => residentMegabytes(pid) ?? 0);
  const groups: BenchEditor[][] = postIds.map((postId) =>
    Array.from({ length: perPost }, (_, slot) => {
      const index = editorsOpened++;
      const session = sessions[index % sessions.length]!;
      const process = slot % apis.length;
      const editor = openCollabEditor({
        url: `${apis[process]!.origin.replace('http', 'ws')}${COLLAB_PATH}`,
        postId,
        cookie: session.cookie,
        origin: 'http://127.0.0.1:3000',
        headers: { 'x-forwarded-for': session.ip, 'x-forwarded-proto': 'https' },
        reconnectMs: 1000,
      });
      return { index, process, editor };
    }),
  );
  const all = groups.flat();
  try {
    await Promise.race([
      Promise.all(all.map(({ editor }) => editor.synced())),
      sleep(30_000).then(() => {
        throw new Error('the editors did not sync within 30 s');
      }),
    ]);
    await Promise.all(groups.map((group) => addParagraphs(group)));
    const typing = startTyping(groups, PER_SECOND);
    await sleep(WARMUP_SECONDS * 1000);
    typing.measure();
    const cpuBefore = apis.map(({ pid }) => cpuSeconds(pid));
    const clientsBefore = process.cpuUsage();
    const started = performance.now();
    await sleep(seconds * 1000);
    const elapsed = (performance.now() - started) / 1000;
    const cpuPercent = apis.map(({ pid }, n) => round(((cpuSeconds(pid) - cpuBefore[n]!) / elapsed) * 100));
    const clients = process.cpuUsage(clientsBefore);
    const rssAfter = apis.map(({ pid }) => residentMegabytes(pid) ?? 0);
    const samples = await typing.stop();
    const result: PhaseResult = {
      name,
      posts: postIds.length,
      editors: all.length,
      keystrokesPerSecond: all.length * PER_SECOND,
      measuredSeconds: round(elapsed),
      latency: {
        all: latency([...samples.same, ...samples.cross]),
        sameProcess: latency(samples.same),
        crossProcess: latency(samples.cross),
      },
      delivered: samples.same.length + samples.cross.length,
      expected: samples.expected,
      // Every post has an editor on each process: each process holds every document of the phase.
      processes: apis.map((_, n) => ({
        cpuPercent: cpuPercent[n]!,
        rssBeforeMb: rssBefore[n]!,
        rssAfterMb: rssAfter[n]!,
        rssPerDocumentKb: Math.round(((rssAfter[n]! - rssBefore[n]!) * 1024) / postIds.length),
      })),
      clientsCpuPercent: round(((clients.user + clients.system) / 1e6 / elapsed) * 100),
    };
    log(
      `${name}: p50/p95/max ${result.latency.all.p50}/${result.latency.all.p95}/${result.latency.all.max} ms, ` +
        `CPU ${cpuPercent.join(' / ')} %, ${result.delivered}/${result.expected} delivered`,
    );
    return result;
  } finally {
    for (const { editor } of all) editor.leave();
    // The last editors leaving store the documents; let that finish before the next phase.
    await sleep(3000);
  }
}

const cleanups: (() => Promise<unknown>)[] = [];
try {
  const loadAtStart = loadAverage();
  const { database, pool } = await migratedScratchDatabase(serverUrl, 'blog_bench_collab', cleanups);
  const redisPrefix = `blog_bench_collab_${randomBytes(4).toString('hex')}`;
  cleanups.push(() => deleteBenchRedisKeys(redisUrl, redisPrefix));
  const dataDir = await mkdtemp(path.join(os.tmpdir(), 'blog-bench-collab-'));
  cleanups.push(() => rm(dataDir, { recursive: true, force: true }));
  // One environment for both: the same secrets, so a session signed in on one is good on the other.
  const env = productionEnv({ databaseUrl: database.url, redisUrl, redisPrefix, dataDir });
  log('building the server');
  await buildServer();
  const args = productionCommand(ROOT, 'api/src/main.ts');
  const apis: StartedProcess[] = [];
  for (let n = 0; n < 2; n++) {
    const api = await startNodeProcess(args, (port) => ({ ...env, PORT: String(port) }), '/readyz');
    cleanups.push(() => api.stop());
    apis.push(api);
  }
  log(`API processes ${apis.map(({ pid }) => pid).join(', ')}`);
  const sessions = await signInSessions(pool, apis[0]!.origin, EDITORS_ON_ONE_POST);
  const [onePost, ...manyPosts] = await createBenchPosts(apis[0]!.origin, sessions[0]!, 1 + MANY_POSTS);

  const seconds = SECONDS / ROUNDS;
  const onePostRounds: PhaseResult[] = [];
  const manyPostsRounds: PhaseResult[] = [];
  // Interleaved: a burst of load on the shared machine hits both phases alike.
  for (let n = 0; n < ROUNDS; n++) {
    const name = `1 post, ${EDITORS_ON_ONE_POST} editors`;
    onePostRounds.push(await runPhase(name, apis, [onePost!], EDITORS_ON_ONE_POST, sessions, seconds));
    const many = `${MANY_POSTS} posts, ${EDITORS_PER_POST} editors each`;
    manyPostsRounds.push(await runPhase(many, apis, manyPosts, EDITORS_PER_POST, sessions, seconds));
  }
  const phases = [combine(onePostRounds), combine(manyPostsRounds)];
  const report = {
    measuredAt: new Date().toISOString(),
    cpus: os.cpus().length,
    node: process.version,
    seconds: SECONDS,
    rounds: ROUNDS,
    warmupSeconds: WARMUP_SECONDS,
    perSecond: PER_SECOND,
    targetP95Ms: TARGET_P95_MS,
    loadAverage: { start: loadAtStart, end: loadAverage() },
    phases,
  };
  await writeFile(path.join(RESULTS_DIR, 'collab.json'), `${JSON.stringify(report, null, 2)}\n`);
  await writeFile(path.join(RESULTS_DIR, 'collab.md'), markdown(report));
  log('written: bench/results/collab.json, bench/results/collab.md');
} finally {
  for (const cleanup of cleanups.reverse()) await cleanup().catch(() => undefined);
}
