/**
 * The write side of the read targets (bench/results/README.md): the cached pages must keep their speed while an editor
 * saves a draft three times a second (a draft changes no public answer, so it must not empty the
 * cache), and a cache miss — the first render after a change a reader can see — must stay cheap.
 */
import { setTimeout as sleep } from 'node:timers/promises';
import { performance } from 'node:perf_hooks';
import type pg from 'pg';
import { hashPassword } from '../api/src/modules/auth/password.ts';
import { TestBrowser } from '../api/test/browser.ts';
import type { TestApi } from '../api/test/harness.ts';
import { threadsCpuNanos } from './child-process.ts';
import { percentile as sortedPercentile } from './stats.ts';

const round = (value: number) => Math.round(value * 10) / 10;
const percentile = (values: number[], p: number) =>
  sortedPercentile(
    [...values].sort((a, b) => a - b),
    p,
  );

const EDITOR = { username: 'bench-editor', password: 'Bench-Hasło-1' };

/** An admin signed in to the API at `origin`, as the panel is: cookies and a CSRF token. */
export async function signInEditor(pool: pg.Pool, origin: string): Promise<TestBrowser> {
  await pool.query(
    `INSERT INTO users (username, email, password_hash, role, display_name)
     VALUES ($1, 'bench-editor@example.com', $2, 'admin', 'Redaktor benchmarku')
     ON CONFLICT (username) DO NOTHING`,
    [EDITOR.username, await hashPassword(EDITOR.password)],
  );
  // The session cookie is Secure: the request comes "through the TLS proxy" (TRUST_PROXY in productionEnv).
  const api = {
    fetch: (pathname: string, init?: RequestInit) =>
      fetch(`${origin}${pathname}`, {
        ...init,
        headers: { ...(init?.headers as Record<string, string>), 'x-forwarded-proto': 'https' },
      }),
  };
  const browser = new TestBrowser(api as unknown as TestApi);
  await browser.signIn(EDITOR.username, EDITOR.password);
  return browser;
}

function postForm(input: Record<string, unknown>): FormData {
  const form = new FormData();
  form.set('postData', JSON.stringify(input));
  return form;
}

export interface DraftSaves {
  saves: number;
  failed: number;
  /** Save round trips (PUT /api/admin/posts/:id), ms. */
  p50Ms: number;
}

/**
 * Creates a draft and saves it `perSecond` times a second through the admin API (a new text each
 * time, with the version it last read, as the editor does) until `stop()`.
 */
export async function startDraftSaver(pool: pg.Pool, origin: string, perSecond = 3) {
  const editor = await signInEditor(pool, origin);
  const draft = {
    title: 'Szkic zapisywany w czasie testu',
    slug: `szkic-benchmarku-${Date.now()}`,
    content: '<p>Pierwsza wersja szkicu.</p>',
    excerpt: null,
    published: false,
  };
  const created = await editor.upload('POST', '/api/admin/posts', postForm(draft));
  if (created.status !== 201) throw new Error(`draft not created: ${created.status} ${await created.text()}`);
  let { id, version } = (await created.json()) as { id: number; version: number };
  const times: number[] = [];
  let failed = 0;
  let running = true;
  const loop = (async () => {
    for (let n = 1; running; n += 1) {
      const started = performance.now();
      const body = postForm({ ...draft, content: `<p>Wersja ${n} szkicu, pisana dalej.</p>`, version });
      const res = await editor.upload('PUT', `/api/admin/posts/${id}`, body);
      if (res.status === 200) ({ id, version } = (await res.json()) as { id: number; version: number });
      else {
        failed += 1;
        await res.arrayBuffer();
      }
      const elapsed = performance.now() - started;
      times.push(elapsed);
      await sleep(Math.max(0, 1000 / perSecond - elapsed));
    }
  })();
  return {
    /** The draft being saved, and the editor's session, for a browser to open the draft's editor. */
    draftId: id,
    sessionHeaders: { cookie: editor.cookieHeader(), 'x-forwarded-proto': 'https' },
    async stop(): Promise<DraftSaves> {
      running = false;
      await loop;
      return { saves: times.length, failed, p50Ms: round(percentile(times, 50)) };
    },
  };
}

export interface CacheMissFigures {
  path: string;
  rounds: number;
  /** The first request after the change (rendered anew), ms. */
  miss: { p50: number; p95: number };
  /** The request right after it (cached again), ms. */
  hit: { p50: number };
  /**
   * The misses as the API timed them (its access log's responseTime, ms: from the request's arrival to
   * its last byte written, without the client's own fetch and decoding), when its log was given.
   */
  server?: { p50: number; p95: number };
  /**
   * The API process's CPU time (all its threads) over each miss's request, ms, when its pid was given;
   * `mainP50` its JavaScript thread's alone; `firstP50` / `secondP50` the misses asked first after the
   * change and those asked second (the order alternates by round).
   */
  cpu?: {
    p50: number;
    mean: number;
    mainP50: number;
    firstP50: number;
    secondP50: number;
    /** Each miss in order (all threads, the JavaScript thread, asked first), for the tail. */
    each: [number, number, boolean][];
  };
}

/** An access-log line of the API: the request's target and its responseTime (ms). */
export interface AccessLine {
  url: string;
  responseTime: number;
}

async function timed(url: string, expected: string): Promise<number> {
  const started = performance.now();
  const res = await fetch(url);
  const body = await res.text();
  const elapsed = performance.now() - started;
  if (res.status !== 200 || !body.includes(expected)) {
    throw new Error(`${url}: ${res.status}, the change is not in the answer`);
  }
  return elapsed;
}

/**
 * Rounds drawn before the measured ones, unmeasured: a fresh process's first render of a page costs
 * hundreds of ms (its modules, Chakra's global CSS, the JIT), and the next few rounds still run colder code.
 */
const WARM_UP_ROUNDS = 10;

/**
 * Renames the newest visible post `rounds` times (in SQL: the database's triggers tell every API
 * process what changed) and times the first request of `/` and of that post's page after each
 * change — the answer must carry the new title, so it was rendered anew — and the request after it.
 */
export async function measureCacheMisses(
  pool: pg.Pool,
  origin: string,
  rounds = 20,
  /** The API's access-log lines so far (misses are always logged), for the server's own timing. */
  accessLines?: () => AccessLine[],
  /** The API's process, for the CPU each miss costs it (less noisy than the times on a shared machine). */
  pid?: number,
) {
  const { rows } = await pool.query<{ id: number; slug: string; title: string }>(
    `SELECT id, slug, title FROM posts WHERE published AND in_visible_category
      ORDER BY created_at DESC, id DESC LIMIT 1`,
  );
  const post = rows[0];
  if (!post) throw new Error('no visible post to change');
  const paths = ['/', `/post/${encodeURIComponent(post.slug)}`];
  const misses = new Map<string, number[]>(paths.map((path) => [path, []]));
  const hits = new Map<string, number[]>(paths.map((path) => [path, []]));
  const cpu = new Map<string, { total: number; main: number; first: boolean }[]>(
    paths.map((path) => [path, []]),
  );
  for (let n = 1 - WARM_UP_ROUNDS; n <= rounds; n += 1) {
    const title = `${post.title} (${n})`;
    await pool.query('UPDATE posts SET title = $1 WHERE id = $2', [title, post.id]);
    // The NOTIFY reaches the API's listener within a few ms; wait well past that.
    await sleep(250);
    // Each page asked first in every other round: the first request after a pause pays for whatever
    // the process does then, which is not the page's own cost.
    const order = Math.abs(n) % 2 === 1 ? paths : [...paths].reverse();
    for (const path of order) {
      const before = pid === undefined ? undefined : threadsCpuNanos(pid);
      const missed = await timed(`${origin}${path}`, title);
      const after = pid === undefined ? undefined : threadsCpuNanos(pid);
      // The same cached entry (the query is not part of these pages' keys), under another target in the
      // access log: a sampled hit's line is never taken for a miss's.
      const hit = await timed(`${origin}${path}?cached`, title);
      if (n < 1) continue;
      misses.get(path)!.push(missed);
      hits.get(path)!.push(hit);
      if (before && after)
        cpu.get(path)!.push({
          total: (after.total - before.total) / 1e6,
          main: (after.main - before.main) / 1e6,
          first: path === order[0],
        });
    }
  }
  await pool.query('UPDATE posts SET title = $1 WHERE id = $2', [post.title, post.id]);
  // JSON log lines are written in batches, at the latest each second.
  if (accessLines) await sleep(1_500);
  // The last lines of each path are its misses (nothing requested it since).
  const served = (path: string) =>
    accessLines?.()
      .filter((line) => line.url === path)
      .slice(-rounds)
      .map((line) => line.responseTime) ?? [];
  const cpuP50 = (path: string, pick: (miss: { total: number; main: number; first: boolean }) => number[]) =>
    round(percentile(cpu.get(path)!.flatMap(pick), 50));
  return paths.map((path): CacheMissFigures => {
    const server = served(path);
    return {
      path,
      rounds,
      miss: { p50: round(percentile(misses.get(path)!, 50)), p95: round(percentile(misses.get(path)!, 95)) },
      hit: { p50: round(percentile(hits.get(path)!, 50)) },
      ...(server.length === rounds
        ? { server: { p50: round(percentile(server, 50)), p95: round(percentile(server, 95)) } }
        : {}),
      ...(pid === undefined
        ? {}
        : {
            cpu: {
              p50: cpuP50(path, (miss) => [miss.total]),
              mean: round(cpu.get(path)!.reduce((sum, miss) => sum + miss.total, 0) / rounds),
              mainP50: cpuP50(path, (miss) => [miss.main]),
              firstP50: cpuP50(path, (miss) => (miss.first ? [miss.total] : [])),
              secondP50: cpuP50(path, (miss) => (miss.first ? [] : [miss.total])),
              each: cpu.get(path)!.map((miss) => [round(miss.total), round(miss.main), miss.first]),
            },
          }),
    };
  });
}
