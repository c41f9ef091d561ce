import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import {
  buildCategory,
  buildPost,
  buildUser,
  clientIp,
  type RawAnswer,
  rawRequest,
  startTestApi,
  type TestApi,
  TestBrowser,
} from '@blog/api/testing';
import { purgeTargetFor, startWorker, type WorkerHandle } from '@blog/worker';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { findFreePort } from './services/free-port.ts';
import { startVarnish, type Varnish, varnishMissing } from './services/varnish.ts';

/**
 * The reference VCL (infra/varnish/default.vcl) in a real varnishd in front of a test API whose worker
 * purges it (CDN_PURGE=varnish-xkey): kept public answers, purged on every change, and nothing
 * personal ever kept. Skipped, with the reason, where Varnish is not installed.
 */
const missing = varnishMissing();
if (missing) process.stderr.write(`infra/src/varnish.test.ts skipped: ${missing}\n`);
const PASSWORD = 'Dobre-Hasło1';
const INDEX = `<!doctype html><html lang="pl"><head><title>Blog</title></head><body><div id="root"></div></body></html>`;

type Answer = RawAnswer;

/** A GET of `pathname` from the server at `origin` (Varnish here), the path exactly as written. */
const get = (origin: string, pathname: string, headers: Record<string, string> = {}): Promise<Answer> =>
  rawRequest(Number(new URL(origin).port), 'GET', pathname, headers);

/** Asks Varnish again until its answer passes `test` (a purge travels database → worker → Varnish). */
async function until(
  ask: () => Promise<Answer>,
  test: (answer: Answer) => boolean,
  what: string,
  timeoutMs = 15_000,
): Promise<Answer> {
  const deadline = Date.now() + timeoutMs;
  let last = await ask();
  while (!test(last)) {
    if (Date.now() > deadline)
      throw new Error(
        `${what}: still ${last.status} ${String(last.headers['x-cache'])} after ${timeoutMs} ms`,
      );
    await new Promise((resolve) => setTimeout(resolve, 25));
    last = await ask();
  }
  return last;
}

describe.skipIf(missing !== undefined)(
  missing ? `Varnish in front of the API (skipped: ${missing})` : 'Varnish in front of the API',
  () => {
    let api: TestApi;
    let worker: WorkerHandle;
    let varnish: Varnish;
    let webDistDir: string;

    beforeAll(async () => {
      webDistDir = await mkdtemp(path.join(os.tmpdir(), 'blog-web-varnish-'));
      await writeFile(path.join(webDistDir, 'index.html'), INDEX);
      // Varnish needs the API's port and the API (its worker) Varnish's: Varnish's is chosen first.
      const varnishPort = await findFreePort();
      api = await startTestApi(
        { CDN_PURGE: 'varnish-xkey', CDN_PURGE_URL: `http://127.0.0.1:${varnishPort}` },
        { webDistDir },
      );
      varnish = await startVarnish({ port: api.port }, { port: varnishPort });
      worker = await startWorker(
        { ...api.config, QUEUE_BACKOFF_MS: 100 },
        { sequelize: api.runtime.sequelize },
      );
    }, 60_000);
    afterAll(async () => {
      await worker?.close();
      await varnish?.stop();
      await api?.close();
      if (webDistDir) await rm(webDistDir, { recursive: true, force: true });
    });

    const viaVarnish = (pathname: string, headers: Record<string, string> = {}) =>
      get(varnish.origin, pathname, headers);

    it('keeps a public article (a HIT the second time) and shows an edit, then the unpublishing, at once', async () => {
      const category = await buildCategory();
      const post = await buildPost({ categories: [category], published: true });
      const admin = new TestBrowser(api, clientIp());
      const user = await buildUser({ role: 'admin', password: PASSWORD });
      await admin.signIn(user.username, PASSWORD);

      for (const pathname of [`/api/posts/${post.slug}`, `/post/${post.slug}`]) {
        // The first answer may be a MISS or, when a change of another test overtook it, unkept (PASS):
        // ask until Varnish holds it, then it is a HIT with an age.
        await until(
          () => viaVarnish(pathname),
          (answer) => answer.headers['x-cache'] === 'HIT',
          `${pathname} kept`,
        );
        const hit = await viaVarnish(pathname);
        expect({ pathname, cache: hit.headers['x-cache'], status: hit.status }).toEqual({
          pathname,
          cache: 'HIT',
          status: 200,
        });
        expect(hit.headers.age, pathname).toMatch(/^\d+$/);
        // The keys and CDN lifetimes stay inside Varnish.
        expect(hit.headers['surrogate-key'], pathname).toBeUndefined();
        expect(hit.headers['cache-control'], pathname).toMatch(/s-maxage=86400/);
        expect(hit.body, pathname).toContain(post.title);
      }

      // An edit: the purge (site) reaches Varnish; the next answers show the new title.
      const title = `Poprawiony tytuł ${Date.now()}`;
      const form = new FormData();
      form.set(
        'postData',
        JSON.stringify({
          title,
          slug: post.slug,
          content: '<p>Nowa treść wpisu.</p>',
          categories: [category.id],
        }),
      );
      const saved = await admin.upload('PUT', `/api/admin/posts/${post.id}`, form);
      expect(saved.status, await saved.clone().text()).toBe(200);
      for (const pathname of [`/api/posts/${post.slug}`, `/post/${post.slug}`])
        await until(
          () => viaVarnish(pathname),
          (answer) => answer.status === 200 && answer.body.includes(title),
          `${pathname} after the edit`,
        );

      // Unpublished: Varnish must not keep serving it, though it was told it may keep it for a day.
      const hidden = await admin.call('PATCH', `/api/admin/posts/${post.id}/toggle-visibility`);
      expect(hidden.status).toBe(200);
      for (const pathname of [`/api/posts/${post.slug}`, `/post/${post.slug}`]) {
        const gone = await until(
          () => viaVarnish(pathname),
          (answer) => answer.status === 404,
          `${pathname} after unpublishing`,
        );
        expect(gone.body, pathname).not.toContain(title);
      }
      const list = await until(
        () => viaVarnish('/api/posts?page=1&limit=50'),
        (answer) => answer.status === 200 && !answer.body.includes(title),
        'the list after unpublishing',
      );
      expect(list.body).not.toContain(post.slug);
    });

    it('a purge by one article’s key drops that article alone, by xkey and by ban', async () => {
      const category = await buildCategory();
      for (const kind of ['varnish-xkey', 'varnish-ban'] as const) {
        const [purged, kept] = [
          await buildPost({ categories: [category], published: true }),
          await buildPost({ categories: [category], published: true }),
        ];
        const target = purgeTargetFor({ ...api.config, CDN_PURGE: kind })!;
        // The worker's own purge of `site` for these new posts may land after both are kept: then the
        // kept one is gone too, through no fault of this purge, and the round is tried again.
        let outcome: { purged?: string; kept?: string } = {};
        for (let attempt = 0; attempt < 5 && outcome.kept !== 'HIT'; attempt += 1) {
          for (const post of [purged, kept])
            await until(
              () => viaVarnish(`/api/posts/${post.slug}`),
              (answer) => answer.headers['x-cache'] === 'HIT',
              `${kind}: ${post.slug} kept`,
            );
          await target.purge([`post-${purged.id}`], { sequelize: api.runtime.sequelize });
          outcome = {
            purged: (await viaVarnish(`/api/posts/${purged.slug}`)).headers['x-cache'] as string,
            kept: (await viaVarnish(`/api/posts/${kept.slug}`)).headers['x-cache'] as string,
          };
        }
        expect({ kind, ...outcome }).toEqual({ kind, purged: 'MISS', kept: 'HIT' });
      }
    });

    it('never keeps a signed-in staff answer: each one passes to the API', async () => {
      const post = await buildPost({ categories: [await buildCategory()], published: true });
      const admin = new TestBrowser(api, clientIp());
      const user = await buildUser({ role: 'admin', password: PASSWORD });
      await admin.signIn(user.username, PASSWORD);
      const cookie = admin.cookieHeader();
      expect(cookie).toMatch(/blog\.sid=/);
      for (const pathname of [`/api/posts/${post.slug}`, `/post/${post.slug}`, '/api/admin/posts', '/']) {
        for (let round = 0; round < 3; round += 1) {
          const res = await viaVarnish(pathname, { cookie });
          expect({ pathname, round, cache: res.headers['x-cache'], age: res.headers.age }).toEqual({
            pathname,
            round,
            cache: 'PASS',
            age: '0',
          });
          expect(res.headers['cache-control'], pathname).toMatch(/no-store/);
        }
      }
      // And the reader's copy Varnish keeps is not the staff's: no cookie, a kept public answer.
      const reader = await until(
        () => viaVarnish(`/api/posts/${post.slug}`),
        (answer) => answer.headers['x-cache'] === 'HIT',
        'the reader’s copy kept',
      );
      expect(reader.headers['cache-control']).toMatch(/^public/);
    });
  },
);
