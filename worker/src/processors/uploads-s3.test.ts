import { fileURLToPath } from 'node:url';
// STORAGE=s3 end to end, against a real S3-compatible server (the run's local s3rver): upload,
// variants, serving, the images log, deletion and housekeeping, and two API processes with
// different data folders sharing one bucket.
import { mkdtemp, readdir, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import type { AdminPost } from '@blog/shared';
import { imageVariants, parseUploadedImage } from '@blog/shared/rules';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { imageStorageFor } from '@blog/api/images/storage';
import { readLog } from '@blog/api/logs';
import {
  buildCategory,
  buildUser,
  clientIp,
  createTestBucketEnv,
  spawnEntry,
  type SpawnedProcess,
  startTestApi,
  TestBrowser,
  type TestApi,
  uniqueSuffix,
  sharedServicesEnv,
} from '@blog/api/testing';
import { processUploadsPrune } from './uploads-prune.ts';

const PASSWORD = 'Dobre-Hasło1';

let api: TestApi;
let second: SpawnedProcess;
let secondApi: TestApi;
/** The built web app with its server renderer (`npm run build`): the article page is rendered from it. */
const webDistDir = fileURLToPath(new URL('../../../web/dist', import.meta.url));
let admin: TestBrowser;
let adminUsername: string;
/** The second API process's data folder (the first one's goes with api.close()). */
let otherDataDir: string | undefined;

const bucketFiles = async () => {
  const names: string[] = [];
  for await (const file of imageStorageFor(api.config).list()) names.push(file.fileName);
  return names.sort();
};

const upload = (browser: TestBrowser, input: Record<string, unknown>, bytes: Buffer) => {
  const form = new FormData();
  form.set('postData', JSON.stringify(input));
  form.set('image', new Blob([new Uint8Array(bytes)], { type: 'image/png' }), 'okładka.png');
  return browser.upload('POST', '/api/admin/posts', form);
};

const png = (width: number, height: number, background: string) =>
  sharp({ create: { width, height, channels: 3, background } })
    .png()
    .toBuffer();

const postInput = (categoryId: number) => {
  const suffix = uniqueSuffix();
  return {
    title: `Wpis z obrazem ${suffix}`,
    slug: `wpis-z-obrazem-${suffix}`,
    content: '<p>Treść wpisu z obrazem w kubełku S3.</p>',
    excerpt: 'Zajawka',
    categories: [categoryId],
  };
};

beforeAll(async () => {
  const s3 = await createTestBucketEnv();
  api = await startTestApi({ ...s3, TRUST_PROXY: '1' }, { webDistDir });
  const user = await buildUser({ role: 'admin', password: PASSWORD });
  adminUsername = user.username;
  admin = new TestBrowser(api, clientIp());
  await admin.signIn(user.username, PASSWORD);

  // A second API process: same database, Redis and bucket, a data folder of its own.
  otherDataDir = await mkdtemp(path.join(os.tmpdir(), 'blog-test-data-'));
  second = await spawnEntry('api/test/api-process.ts', {
    ...s3,
    ...sharedServicesEnv(api),
    PORT: '0',
    HOST: '127.0.0.1',
    DATA_DIR: otherDataDir,
    TRUST_PROXY: '1',
    LOG_LEVEL: 'silent',
  });
  const base = `http://127.0.0.1:${String(second.ready.port)}`;
  secondApi = {
    fetch: (pathname: string, init?: RequestInit) => fetch(`${base}${pathname}`, init),
  } as TestApi;
}, 60_000);
afterAll(async () => {
  await second?.stop();
  await api?.close();
  if (otherDataDir) await rm(otherDataDir, { recursive: true, force: true });
});

describe('STORAGE=s3', () => {
  it('publishes a post with an uploaded image: variants in the bucket, srcset on the page, the images log; gone after deletion and housekeeping', async () => {
    const category = await buildCategory();
    const res = await upload(admin, postInput(category.id), await png(1000, 500, '#16a085'));
    expect(res.status).toBe(201);
    const post = (await res.json()) as AdminPost;
    expect(post.published).toBe(true);
    const image = parseUploadedImage(post.imageUrl)!;
    expect(image.width).toBe(1000);
    const files = imageVariants(image).map((variant) => variant.fileName);
    expect(files).toEqual([`${image.id}-480w.webp`, `${image.id}-960w.webp`, `${image.id}-1000w.webp`]);

    // Every width is in the bucket, none on the local disk.
    expect(await bucketFiles()).toEqual(expect.arrayContaining(files));
    expect(await readdir(api.config.uploadsDir).catch(() => [])).toEqual([]);
    for (const fileName of files) {
      const served = await api.fetch(`/api/images/${fileName}`);
      expect(served.status).toBe(200);
      expect(served.headers.get('content-type')).toBe('image/webp');
      expect(served.headers.get('cache-control')).toBe('public, max-age=31536000, immutable');
      expect(served.headers.get('x-content-type-options')).toBe('nosniff');
      expect((await sharp(Buffer.from(await served.arrayBuffer())).metadata()).format).toBe('webp');
    }

    // Shown on its public page with the srcset of every width.
    const page = await (await api.fetch(`/post/${post.slug}`)).text();
    expect(page).toMatch(new RegExp(`srcset="[^"]*/api/images/${image.id}-480w\\.webp 480w`, 'i'));
    expect(page).toContain(`/api/images/${image.id}-960w.webp 960w`);

    // Listed in the images log.
    const log = await readLog(api.runtime, 'images', 50);
    expect(log.entries.map((entry) => entry.image)).toContainEqual(
      expect.objectContaining({ databasePath: post.imageUrl, postTitle: post.title }),
    );

    // An upload whose post was never saved: housekeeping removes it once past the grace period.
    const orphan = `${'f'.repeat(32)}-480w.webp`;
    await imageStorageFor(api.config).save(orphan, Buffer.from('RIFF'));
    const tomorrow = { now: () => new Date(Date.now() + 48 * 3600_000) };
    const kept = await processUploadsPrune({ graceHours: 24 }, { ...api.runtime, clock: tomorrow });
    expect(kept.deleted).toEqual([orphan]);
    expect(await bucketFiles()).toEqual(expect.arrayContaining(files));

    expect((await admin.call('DELETE', `/api/admin/posts/${post.id}`)).status).toBe(200);
    await processUploadsPrune({ graceHours: 24 }, { ...api.runtime, clock: tomorrow });
    const left = await bucketFiles();
    for (const fileName of [...files, orphan]) expect(left).not.toContain(fileName);
    expect((await api.fetch(`/api/images/${files[0]}`)).status).toBe(404);
  });

  it('two API processes with different data folders upload and serve the same images', async () => {
    const category = await buildCategory();
    const other = new TestBrowser(secondApi, clientIp());
    await other.signIn(adminUsername, PASSWORD);

    const first = (await (
      await upload(admin, postInput(category.id), await png(600, 400, '#8e44ad'))
    ).json()) as AdminPost;
    const fromSecond = (await (
      await upload(other, postInput(category.id), await png(500, 300, '#d35400'))
    ).json()) as AdminPost;

    for (const imageUrl of [first.imageUrl, fromSecond.imageUrl]) {
      const fileName = imageUrl!.slice('/uploads/'.length);
      const [one, two] = await Promise.all([
        api.fetch(`/api/images/${fileName}`),
        secondApi.fetch(`/api/images/${fileName}`),
      ]);
      expect([one.status, two.status]).toEqual([200, 200]);
      const [a, b] = await Promise.all([one.arrayBuffer(), two.arrayBuffer()]);
      expect(Buffer.from(a).equals(Buffer.from(b))).toBe(true);
      expect(a.byteLength).toBeGreaterThan(0);
    }
  });

  it('with UPLOADS_PUBLIC_URL the API points browsers at the CDN, cached like the image', async () => {
    const cdn = await startTestApi({
      ...(await createTestBucketEnv()),
      UPLOADS_PUBLIC_URL: 'https://cdn.example.com/blog/',
    });
    try {
      const res = await cdn.fetch(`/api/images/${'a'.repeat(32)}-480w.webp`, { redirect: 'manual' });
      expect(res.status).toBe(301);
      expect(res.headers.get('location')).toBe(`https://cdn.example.com/blog/${'a'.repeat(32)}-480w.webp`);
      expect(res.headers.get('cache-control')).toBe('public, max-age=31536000, immutable');
    } finally {
      await cdn.close();
    }
  });
});
