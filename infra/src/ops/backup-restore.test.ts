// Backup → restore into an empty database and storage gives back every row and image, compared
// field by field; a truncated or altered archive, or a non-empty target, is refused and nothing changes.
import { createWriteStream } from 'node:fs';
import { mkdtemp, readFile, rm, truncate, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { createScratchDatabase, runMigrations, type ScratchDatabase } from '@blog/api/database';
import { imageStorageFor, localImageStorage } from '@blog/api/images/storage';
import {
  buildCategory,
  buildComment,
  buildPost,
  buildSetting,
  buildSubscription,
  buildTag,
  buildUser,
  createTestBucketEnv,
  startTestApi,
  type TestApi,
} from '@blog/api/testing';
import pg from 'pg';
import * as tar from 'tar';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { createBackup } from './backup.ts';
import { restoreBackup } from './restore.ts';
import type { Progress } from './progress.ts';

const quiet = (): Progress => ({ update() {}, stop() {} });
let source: ScratchDatabase;
let api: TestApi;
let sourceEnv: Record<string, string>;
let work: string;
const targets: ScratchDatabase[] = [];

/** Every row of every table, as JSON text, in a fixed order: what "the same blog" means here. */
async function snapshot(url: string): Promise<Record<string, unknown[]>> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    const tables = (
      await client.query<{ name: string }>(
        "SELECT tablename AS name FROM pg_tables WHERE schemaname = 'public' ORDER BY 1",
      )
    ).rows.map((row) => row.name);
    const result: Record<string, unknown[]> = {};
    for (const table of tables) {
      const rows = await client.query<{ row: string }>(
        `SELECT row_to_json(t)::text AS row FROM ${client.escapeIdentifier(table)} t ORDER BY 1`,
      );
      result[table] = rows.rows
        .map((row) => JSON.parse(row.row) as unknown)
        .sort((a, b) => JSON.stringify(a).localeCompare(JSON.stringify(b)));
    }
    return result;
  } finally {
    await client.end();
  }
}

async function files(storage: ReturnType<typeof localImageStorage>) {
  const out: Record<string, string> = {};
  for await (const file of storage.list()) {
    const opened = await storage.open(file.fileName);
    const chunks: Buffer[] = [];
    for await (const chunk of opened!.stream) chunks.push(chunk as Buffer);
    out[file.fileName] = Buffer.concat(chunks).toString('base64');
  }
  return out;
}

async function emptyTarget() {
  const database = await createScratchDatabase(inject('adminDatabaseUrl'), 'blog_test_restore');
  targets.push(database);
  const dataDir = await mkdtemp(path.join(work, 'target-'));
  return {
    database,
    env: { DATABASE_URL: database.url, DATA_DIR: dataDir },
    uploads: path.join(dataDir, 'uploads'),
  };
}

beforeAll(async () => {
  work = await mkdtemp(path.join(os.tmpdir(), 'blog-backup-test-'));
  source = await createScratchDatabase(inject('adminDatabaseUrl'), 'blog_test_backup');
  await runMigrations(source.url);
  const s3 = await createTestBucketEnv();
  api = await startTestApi({ ...s3, DATABASE_URL: source.url });
  sourceEnv = { ...s3, DATABASE_URL: source.url, DATA_DIR: api.config.dataDir };

  // A small blog: users of each role, categories, tagged posts with images in S3, comments,
  // subscriptions and settings (Polish text included).
  const storage = imageStorageFor(api.config);
  const [admin, publisher] = [
    await buildUser({ role: 'admin' }),
    await buildUser({ role: 'publisher', displayName: 'Zażółć Gęślą' }),
  ];
  const [tech, life] = [await buildCategory({ name: 'Technologia' }), await buildCategory({ name: 'Życie' })];
  const tag = await buildTag({ name: 'źdźbło' });
  for (const [i, author] of [admin, publisher, publisher].entries()) {
    const id = `${String(i).repeat(32)}`.slice(0, 32);
    for (const width of [480, 960])
      await storage.save(`${id}-${width}w.webp`, Buffer.from(`obraz ${i} ${width}`));
    const post = await buildPost({
      author,
      categories: [i % 2 ? tech : life],
      imageUrl: `/uploads/${id}-960w.webp`,
      title: `Wpis ${i} — ąę`,
    });
    await post.$add('tags', tag).catch(() => undefined);
    await buildComment({ postId: post.id, content: `Komentarz do wpisu ${i}` });
  }
  await buildSubscription({ email: 'czytelnik@example.com', categoryId: tech.id });
  await buildSubscription({ email: 'czytelniczka@example.com', categoryId: life.id });
  await buildSetting({ key: 'siteName', value: 'Blog o wszystkim' });
}, 60_000);
afterAll(async () => {
  await api?.close();
  await source?.drop();
  for (const target of targets) await target.drop();
  await rm(work, { recursive: true, force: true });
});

describe('npm run backup / npm run restore', () => {
  it.each(['pg_dump-custom', 'json-tables'] as const)(
    'round-trips a blog field by field (%s) and refuses a non-empty target without --force',
    async (format) => {
      const archive = path.join(work, `blog-${format}.tar.gz`);
      const manifest = await createBackup({
        env: sourceEnv,
        out: createWriteStream(archive),
        progress: quiet,
        format,
      });
      expect(manifest.database.format).toBe(format);
      expect(manifest.counts).toMatchObject({ posts: 3, comments: 3, categories: 2, user_subscriptions: 2 });
      expect(manifest.uploads.files).toBe(6);

      const target = await emptyTarget();
      const restored = await restoreBackup({ env: target.env, archive, force: false, progress: quiet });
      expect(restored.counts).toEqual(manifest.counts);
      expect(await snapshot(target.database.url)).toEqual(await snapshot(source.url));
      expect(await files(localImageStorage(target.uploads))).toEqual(
        await files(imageStorageFor(api.config) as never),
      );

      // Now it holds a blog: a second restore is refused and changes nothing.
      const before = await snapshot(target.database.url);
      await expect(
        restoreBackup({ env: target.env, archive, force: false, progress: quiet }),
      ).rejects.toThrow(/nie jest pusty.*--force/);
      expect(await snapshot(target.database.url)).toEqual(before);
      // --force replaces it.
      await restoreBackup({ env: target.env, archive, force: true, progress: quiet });
      expect(await snapshot(target.database.url)).toEqual(before);
    },
  );

  it('refuses a truncated or altered archive with a clear message and changes nothing', async () => {
    const archive = path.join(work, 'blog.tar.gz');
    await createBackup({ env: sourceEnv, out: createWriteStream(archive), progress: quiet });
    const target = await emptyTarget();
    const untouched = await snapshot(target.database.url);

    // Cut anywhere: in the manifest, among the files, a few bytes before the end.
    const size = (await readFile(archive)).length;
    for (const keep of [40, Math.floor(size * 0.3), Math.floor(size * 0.7), size - 30]) {
      const truncated = path.join(work, `truncated-${keep}.tar.gz`);
      await writeFile(truncated, await readFile(archive));
      await truncate(truncated, keep);
      await expect(
        restoreBackup({ env: target.env, archive: truncated, force: false, progress: quiet }),
      ).rejects.toThrow(
        /^(Archiwum jest uszkodzone|Archiwum nie zawiera poprawnego manifest\.json).*niczego nie zmieniono\.$/,
      );
    }

    // One image altered inside an otherwise valid archive.
    const unpacked = await mkdtemp(path.join(work, 'unpacked-'));
    await tar.x({ file: archive, cwd: unpacked });
    await writeFile(path.join(unpacked, 'uploads', `${'1'.repeat(32)}-480w.webp`), 'podmieniony obraz');
    const tampered = path.join(work, 'tampered.tar.gz');
    await tar.c({ gzip: true, cwd: unpacked, file: tampered }, ['.']);
    await expect(
      restoreBackup({ env: target.env, archive: tampered, force: true, progress: quiet }),
    ).rejects.toThrow(
      /zostało zmienione: suma kontrolna pliku uploads\/1{32}-480w\.webp się nie zgadza; niczego nie zmieniono/,
    );

    expect(await snapshot(target.database.url)).toEqual(untouched);
    expect(await files(localImageStorage(target.uploads))).toEqual({});
  });
});
