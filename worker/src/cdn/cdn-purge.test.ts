import { mkdir, utimes, writeFile } from 'node:fs/promises';
import { createServer, type IncomingHttpHeaders, type Server } from 'node:http';
import path from 'node:path';
import type { AddressInfo } from 'node:net';
import type { Config } from '@blog/api/config';
import {
  buildCategory,
  buildComment,
  buildPost,
  buildUser,
  startTestApi,
  type TestApi,
  TestBrowser,
} from '@blog/api/testing';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { processUploadsPrune } from '../processors/uploads-prune.ts';
import { startWorker, type WorkerHandle } from '../worker.ts';
import { purgeTargetFor } from './purge-targets.ts';

/** What the stand-in for a CDN's purge API received. */
interface Received {
  method: string;
  url: string;
  headers: IncomingHttpHeaders;
  body: string;
  /** The status it answered. */
  status: number;
}

/**
 * A real HTTP server in place of Varnish, Fastly, Cloudflare or a webhook: it records every call and
 * answers 200 (Cloudflare's `success: true` included), or 503 while `down`.
 */
class PurgeRecorder {
  readonly calls: Received[] = [];
  down = false;
  private server: Server | undefined;
  private waiters: { test: (call: Received) => boolean; resolve: (call: Received) => void }[] = [];

  async listen(port = 0): Promise<string> {
    this.server = createServer((req, res) => {
      const chunks: Buffer[] = [];
      req.on('data', (chunk: Buffer) => chunks.push(chunk));
      req.on('end', () => {
        const status = this.down ? 503 : 200;
        const call = {
          method: req.method ?? '',
          url: req.url ?? '',
          headers: req.headers,
          body: Buffer.concat(chunks).toString('utf8'),
          status,
        };
        this.calls.push(call);
        res.writeHead(status, { 'content-type': 'application/json' });
        res.end(JSON.stringify(status === 200 ? { success: true, id: 'x' } : { success: false }));
        for (const waiter of this.waiters.filter((one) => one.test(call))) {
          this.waiters.splice(this.waiters.indexOf(waiter), 1);
          waiter.resolve(call);
        }
      });
    });
    await new Promise<void>((resolve) => this.server!.listen(port, '127.0.0.1', resolve));
    return `http://127.0.0.1:${(this.server!.address() as AddressInfo).port}`;
  }

  /** The first call (already received or still to come) that passes `test`. */
  next(test: (call: Received) => boolean, timeoutMs = 10_000): Promise<Received> {
    const known = this.calls.find(test);
    if (known) return Promise.resolve(known);
    return new Promise((resolve, reject) => {
      const timer = setTimeout(() => {
        const seen = this.calls.map(
          (call) => `${call.status} ${call.method} ${call.url} ${call.headers['surrogate-key'] ?? call.body}`,
        );
        reject(new Error(`no such purge arrived; received: ${seen.join('; ') || 'nothing'}`));
      }, timeoutMs);
      this.waiters.push({
        test,
        resolve: (call) => {
          clearTimeout(timer);
          resolve(call);
        },
      });
    });
  }

  async close(): Promise<void> {
    await new Promise<void>((resolve) => (this.server ? this.server.close(() => resolve()) : resolve()));
    this.server = undefined;
  }
}

const PASSWORD = 'Dobre-Hasło1';
let api: TestApi;
const recorder = new PurgeRecorder();
let origin: string;

beforeAll(async () => {
  api = await startTestApi();
  origin = await recorder.listen();
}, 60_000);
afterAll(async () => {
  await recorder.close();
  await api?.close();
});
beforeEach(() => {
  recorder.calls.length = 0;
  recorder.down = false;
});

const cdnConfig = (overrides: Partial<Config>): Config => ({
  ...api.config,
  CDN_PURGE_URL: origin,
  CDN_SERVICE_ID: 'usluga-1',
  CDN_PURGE_TOKEN: 'token-do-czyszczenia',
  CDN_PURGE_TIMEOUT_MS: 2000,
  ...overrides,
});

describe('purge targets: one call each, as the CDN’s API takes it', () => {
  const purge = async (kind: Config['CDN_PURGE'], keys: string[]) => {
    await purgeTargetFor(cdnConfig({ CDN_PURGE: kind }))!.purge(keys, { sequelize: api.runtime.sequelize });
    expect(recorder.calls).toHaveLength(1);
    return recorder.calls.splice(0)[0]!;
  };

  it('Varnish with xkey: PURGE with the keys in xkey', async () => {
    const call = await purge('varnish-xkey', ['post-7', 'post-9']);
    expect(call).toMatchObject({ method: 'PURGE', url: '/', headers: { xkey: 'post-7 post-9' } });
  });

  it('Varnish without xkey: a ban expression over Surrogate-Key', async () => {
    const call = await purge('varnish-ban', ['site']);
    expect(call).toMatchObject({ method: 'PURGE', url: '/' });
    expect(call.headers.xkey).toBeUndefined();
    const pattern = new RegExp(call.headers['x-ban-surrogate-key'] as string);
    expect(['site', 'site post-3', 'post-3 site'].every((keys) => pattern.test(keys))).toBe(true);
    expect(['post-3', 'website', 'sites'].some((keys) => pattern.test(keys))).toBe(false);
  });

  it('Fastly: a surrogate-key purge of the service, with its token', async () => {
    const call = await purge('fastly', ['site']);
    expect(call).toMatchObject({
      method: 'POST',
      url: '/service/usluga-1/purge',
      headers: { 'fastly-key': 'token-do-czyszczenia', 'surrogate-key': 'site' },
    });
  });

  it('Cloudflare by cache tag, and by URL (the whole zone for a site-wide change, else the article’s addresses)', async () => {
    const tags = await purge('cloudflare-tags', ['site', 'post-4']);
    expect(tags).toMatchObject({
      method: 'POST',
      url: '/zones/usluga-1/purge_cache',
      headers: { authorization: 'Bearer token-do-czyszczenia' },
    });
    expect(JSON.parse(tags.body)).toEqual({ tags: ['site', 'post-4'] });

    expect(JSON.parse((await purge('cloudflare-urls', ['site'])).body)).toEqual({ purge_everything: true });
    const post = await buildPost({ categories: [await buildCategory()] });
    const base = api.config.PUBLIC_URL.replace(/\/$/, '');
    expect(JSON.parse((await purge('cloudflare-urls', [`post-${post.id}`])).body)).toEqual({
      files: [`${base}/post/${post.slug}`, `${base}/api/posts/${post.slug}`, `${base}/api/posts/${post.id}`],
    });
    expect(JSON.parse((await purge('cloudflare-urls', ['image-a1b2-480w.webp'])).body)).toEqual({
      files: [`${base}/api/images/a1b2-480w.webp`],
    });
  });

  it('a webhook: the keys as JSON, with its bearer token', async () => {
    const call = await purge('webhook', ['post-5']);
    expect(call).toMatchObject({ method: 'POST', headers: { authorization: 'Bearer token-do-czyszczenia' } });
    expect(JSON.parse(call.body)).toEqual({ keys: ['post-5'] });
  });

  it('a refusal or a CDN that is not there is an error (the queue retries it)', async () => {
    recorder.down = true;
    await expect(
      purgeTargetFor(cdnConfig({ CDN_PURGE: 'fastly' }))!.purge(['site'], {
        sequelize: api.runtime.sequelize,
      }),
    ).rejects.toThrow(/answered 503/);
    await expect(
      purgeTargetFor(cdnConfig({ CDN_PURGE: 'fastly', CDN_PURGE_URL: 'http://127.0.0.1:9' }))!.purge(
        ['site'],
        {
          sequelize: api.runtime.sequelize,
        },
      ),
    ).rejects.toThrow();
  });
});

describe('the worker purges every change the database reports', () => {
  let worker: WorkerHandle | undefined;
  afterAll(async () => {
    await worker?.close();
  });

  const purgedKeys = (call: Received) =>
    call.status === 200 && call.url.endsWith('/purge')
      ? (call.headers['surrogate-key'] as string)
      : undefined;

  it('purges everything when it starts listening, then each change by its keys; a CDN that is down blocks no save', async () => {
    // Made before the worker listens: the comment below is then the only change it hears of.
    const post = await buildPost({ categories: [await buildCategory()] });
    worker = await startWorker(cdnConfig({ CDN_PURGE: 'fastly', QUEUE_BACKOFF_MS: 100 }), {
      sequelize: api.runtime.sequelize,
    });
    // Changes made while nobody listened are not known one by one: the whole site goes.
    await recorder.next((call) => purgedKeys(call) === 'site');
    recorder.calls.length = 0;
    // A comment changes its article alone.
    await buildComment({ post, content: 'Dobry wpis' });
    await recorder.next((call) => purgedKeys(call) === `post-${post.id}`);

    // An upload nothing uses any more is deleted by the housekeeping: the CDN drops its copy.
    const unused = `nieuzywany${Date.now()}.png`;
    await mkdir(api.config.uploadsDir, { recursive: true });
    await writeFile(path.join(api.config.uploadsDir, unused), 'x');
    const longAgo = new Date(Date.now() - 48 * 3600_000);
    await utimes(path.join(api.config.uploadsDir, unused), longAgo, longAgo);
    expect((await processUploadsPrune({ graceHours: 24 }, api.runtime)).deleted).toContain(unused);
    await recorder.next((call) => purgedKeys(call) === `image-${unused}`);

    // The CDN goes down: a save still answers at once, and its purge arrives once the CDN is back.
    recorder.down = true;
    recorder.calls.length = 0;
    const admin = new TestBrowser(api);
    const user = await buildUser({ role: 'admin', password: PASSWORD });
    await admin.signIn(user.username, PASSWORD);
    const started = Date.now();
    const saved = await admin.call('PATCH', `/api/admin/posts/${post.id}/toggle-visibility`);
    expect(saved.status).toBe(200);
    expect(Date.now() - started).toBeLessThan(2000);
    await recorder.next((call) => call.status === 503 && call.headers['surrogate-key'] === 'site');
    // Retried with backoff while it is down.
    await recorder.next(
      (call) =>
        call.status === 503 && call.headers['surrogate-key'] === 'site' && recorder.calls.indexOf(call) > 0,
    );
    recorder.down = false;
    await recorder.next((call) => purgedKeys(call) === 'site');
  });
});
