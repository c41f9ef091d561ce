// Shared setup of the invalidation walk: its scenario type, the two processes each walk file starts
// and the walk itself. The scenarios live in invalidation-walk.*.scenarios.ts, one table per area;
// invalidation-walk.test.ts checks that together they cover every operation of the contract.
import { existsSync, readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { openapiPath } from '@blog/shared';
import { parse } from 'yaml';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ScratchDatabase } from '../../src/db/scratch-database.ts';
import { TestBrowser } from '../browser.ts';
import { buildCategory, buildComment, buildPost, buildUser } from '../factories.ts';
import { startTestApi, type TestApi } from '../harness.ts';
import { clientIp } from '../http.ts';
import { startSecondApi } from '../second-api.ts';
import { rendererFile } from '../../src/modules/public-pages/page-renderer.ts';
import { createMigratedScratchDatabase } from '../test-database.ts';

/*
 * Every state-changing operation of the contract, walked against two API processes over one
 * database of each walk file's own (so no other test file's writes blur what is measured). The list
 * of operations comes from the contract: a new one fails invalidation-walk.test.ts until it has a
 * scenario in one of the tables.
 * - `public` scenarios alter what readers see: each probe (a public URL) answers differently
 *   afterwards on both processes, though both held the old answer in memory.
 * - `private` scenarios alter nothing public: every warmed public answer is still served from
 *   memory afterwards (no miss on either process).
 * Either kind's call must answer a success status the contract gives its operation (a 403 that
 * changed nothing proves nothing), unless the scenario is a refusal and names the status it expects.
 */

export const PASSWORD = 'Dobre-Hasło1';
/** The one describe of every walk file and of the coverage check: the tests keep their names. */
export const WALK_TITLE = 'every state-changing operation of the contract and the public cache';
/** The built web app and its server renderer (`npm run build`): the pages are rendered as production does. */
const webDistDir = fileURLToPath(new URL('../../../web/dist', import.meta.url));

let database: ScratchDatabase;
// Live bindings, set by walkScenarios's beforeAll. Module state is per test file: vitest runs each
// file in its own worker, and that file's two processes live here.
export let api: TestApi;
let second: Awaited<ReturnType<typeof startSecondApi>>;
export let admin: TestBrowser;
let used = false;

export interface Scenario {
  name: string;
  kind: 'public' | 'private';
  /** The status of a call meant to be refused (a wrong token, a server that does not answer). */
  refusedWith?: number;
  /**
   * Makes the rows the call acts on; `probes` are the public URLs the call must change; `after` undoes
   * a setting the scenario switched on for its call (written straight to the table, after the check).
   */
  prepare(): Promise<{ call(): Promise<Response>; probes?: string[]; after?(): Promise<void> }>;
}

/** Scenarios by the operationId of the contract operation they call. */
export type ScenarioTable = Record<string, Scenario[]>;

const origins = () => [`http://127.0.0.1:${api.port}`, second.origin];

type ContractDocument = {
  paths: Record<string, Record<string, { operationId?: string; responses?: Record<string, unknown> }>>;
};

/** Per operationId, the 2xx statuses the contract gives its responses: what a call that did its work answers. */
function successStatuses(): Map<string, number[]> {
  const document = parse(readFileSync(openapiPath, 'utf8')) as ContractDocument;
  const statuses = new Map<string, number[]>();
  for (const item of Object.values(document.paths)) {
    for (const operation of Object.values(item)) {
      if (!operation.operationId) continue;
      const codes = Object.keys(operation.responses ?? {}).filter((code) => /^2\d\d$/.test(code));
      statuses.set(operation.operationId, codes.map(Number));
    }
  }
  return statuses;
}
const SUCCESS = successStatuses();

/** The statuses `scenario`'s call may answer: its refusal, or the contract's success statuses. */
function expectedStatuses(operationId: string, scenario: Scenario): number[] {
  if (scenario.refusedWith !== undefined) return [scenario.refusedWith];
  const statuses = SUCCESS.get(operationId) ?? [];
  if (statuses.length === 0) throw new Error(`${operationId}: the contract gives it no 2xx response`);
  return statuses;
}

export async function published(overrides: Parameters<typeof buildPost>[0] = {}) {
  return buildPost({ categories: [await buildCategory()], published: true, ...overrides });
}

export async function signedIn(role: 'admin' | 'publisher' | 'subscriber'): Promise<TestBrowser> {
  const user = await buildUser({ role, password: PASSWORD });
  const browser = new TestBrowser(api, clientIp());
  await browser.signIn(user.username, PASSWORD);
  return browser;
}

/** What readers get at `pathname` from `origin`: status and body. */
async function answer(origin: string, pathname: string): Promise<string> {
  const res = await fetch(`${origin}${pathname}`);
  return `${res.status} ${await res.text()}`;
}

async function misses(origin: string): Promise<number> {
  const text = await (await fetch(`${origin}/metrics`)).text();
  return Number(/blog_public_cache_total\{result="miss"\} (\d+)/.exec(text)?.[1] ?? 0);
}

/**
 * The rows a scenario prepares are written straight to the database, so neither process made them:
 * a write request (refused here, without a CSRF token) makes each process's next read wait until
 * every committed change has reached it, so the warm-up below is not raced by late notifications.
 */
async function settleBoth(): Promise<void> {
  for (const origin of origins()) await fetch(`${origin}/api/logout`, { method: 'POST' });
}

/** Public answers every private scenario must leave in memory. */
let warmSet: string[];
/** A published post whose answers are in `warmSet`: what a private scenario must leave alone. */
export let warmPost: { id: number; slug: string };

async function warm(pathnames: string[]): Promise<void> {
  for (const origin of origins()) {
    for (const pathname of pathnames) {
      await answer(origin, pathname);
      await answer(origin, pathname);
    }
  }
}

/**
 * The answer at `pathname` once it differs from `before` on `origin`: at once on the process that
 * made the change; on the other one as soon as PostgreSQL delivers the notification (read again for
 * up to a second, which a stale cache would never pass).
 */
async function changedAnswer(origin: string, pathname: string, before: string): Promise<boolean> {
  const deadline = Date.now() + (origin === origins()[0] ? 0 : 1000);
  for (;;) {
    if ((await answer(origin, pathname)) !== before) return true;
    if (Date.now() >= deadline) return false;
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
}

/**
 * Starts the file's two processes over a database of its own and walks `scenarios`, each a test of
 * its own. Call once, at the top of the test file.
 */
export function walkScenarios(scenarios: ScenarioTable): void {
  if (used) throw new Error('walkScenarios: one walk per test file');
  used = true;
  beforeAll(async () => {
    database = await createMigratedScratchDatabase('blog_walk');
    if (!existsSync(rendererFile(webDistDir)))
      throw new Error('web/dist-server/entry-server.js is missing: run `npm run build` first');
    api = await startTestApi({ TRUST_PROXY: '1', DATABASE_URL: database.url }, { webDistDir });
    second = await startSecondApi(api, { webDistDir });
    admin = await signedIn('admin');
    const post = await published();
    warmPost = post;
    const other = await published();
    await buildComment({ postId: other.id });
    warmSet = [
      '/',
      '/api/posts?page=1&limit=6',
      `/api/posts/${post.slug}`,
      `/post/${post.slug}`,
      `/api/posts/${other.slug}`,
      '/rss.xml',
      '/sitemap.xml',
    ];
  }, 60_000);
  afterAll(async () => {
    await second?.process.stop();
    await api?.close();
    await database?.drop();
  });

  describe(WALK_TITLE, () => {
    for (const [operationId, operationScenarios] of Object.entries(scenarios)) {
      for (const scenario of operationScenarios) {
        it(`${operationId}: ${scenario.name} — ${scenario.kind === 'public' ? 'readers see it at once on both processes' : 'the public cache keeps its answers'}`, async () => {
          const { call, probes = [], after } = await scenario.prepare();
          try {
            await settleBoth();
            await warm([...warmSet, ...probes]);
            const before = new Map<string, string>();
            for (const origin of origins())
              for (const pathname of probes)
                before.set(`${origin}${pathname}`, await answer(origin, pathname));
            const beforeMisses = await Promise.all(origins().map(misses));
            const res = await call();
            expect(
              expectedStatuses(operationId, scenario),
              `${operationId}: ${await res.clone().text()}`,
            ).toContain(res.status);
            if (scenario.kind === 'public') {
              expect(probes.length).toBeGreaterThan(0);
              const stale: string[] = [];
              for (const origin of origins()) {
                for (const pathname of probes) {
                  if (!(await changedAnswer(origin, pathname, before.get(`${origin}${pathname}`)!)))
                    stale.push(`${origin}${pathname}`);
                }
              }
              expect(stale).toEqual([]);
            } else {
              // Re-read every warmed answer: none may be built again.
              for (const origin of origins()) for (const pathname of warmSet) await answer(origin, pathname);
              expect(await Promise.all(origins().map(misses))).toEqual(beforeMisses);
            }
          } finally {
            await after?.();
          }
        });
      }
    }
  });
}
