// Shared setup of the transfer tests: an empty blog of their own (scratch database), the fixture
// exports and the uploads folders they reference, and a way to run an import as the CLI does.
import { execFile } from 'node:child_process';
import { mkdir, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import type { ImportJob } from '@blog/shared';
import pg from 'pg';
import sharp from 'sharp';
import { afterAll, beforeAll, expect, inject } from 'vitest';
import type { ScratchDatabase } from '../src/db/scratch-database.ts';
import type { TestBrowser } from './browser.ts';
import { startTestApi, type TestApi } from './harness.ts';
import { imageStorageFor } from '../src/modules/images/image-storage.ts';
import { runImportJob } from '../src/modules/transfer/import-job-runner.ts';
import type { ImportReport, SkippedItem } from '../src/modules/transfer/import-report.ts';
import { importDocument, importTargetOf } from '../src/modules/transfer/importer.service.ts';
import { type ImportOptions, readImportFile } from '../src/modules/transfer/read-import-file.ts';
import { createMigratedScratchDatabase } from './test-database.ts';

const here = path.dirname(fileURLToPath(import.meta.url));
export const fixture = (name: string) => readFile(path.join(here, 'import-files', name));

export let api: TestApi;
export let database: ScratchDatabase;
/** The old blogs' uploads, as an admin copies them next to the export (made here, not committed). */
export let wordpressUploads: string;
export let ghostUploads: string;
let work: string;

/** A photo-like PNG of that size, in the folder at `relative`. */
async function photo(folder: string, relative: string, width: number, height: number, background: string) {
  await mkdir(path.dirname(path.join(folder, relative)), { recursive: true });
  await writeFile(
    path.join(folder, relative),
    await sharp({ create: { width, height, channels: 3, background } })
      .png()
      .toBuffer(),
  );
}

/** An empty blog (its own database and uploads) for the file's tests. */
export function useEmptyBlog(apiOptions: { webDistDir?: string } = {}): void {
  beforeAll(async () => {
    work = await mkdtemp(path.join(os.tmpdir(), 'blog-import-test-'));
    database = await createMigratedScratchDatabase('blog_test_import');
    api = await startTestApi({ DATABASE_URL: database.url }, apiOptions);
    wordpressUploads = path.join(work, 'wp-content-uploads');
    ghostUploads = path.join(work, 'ghost-content-images');
    await photo(wordpressUploads, '2024/05/gory.png', 1200, 800, '#2e86de');
    await photo(ghostUploads, '2024/06/morze.png', 1000, 700, '#16a085');
  }, 60_000);
  afterAll(async () => {
    await api?.close();
    await database?.drop();
    await rm(work, { recursive: true, force: true });
  });
}

/** Reads and imports an export file into the test blog, as `npm run import` does. */
export async function importFile(
  bytes: Buffer,
  options: ImportOptions & { uploadsDir?: string } = {},
): Promise<ImportReport> {
  const skipped: SkippedItem[] = [];
  const document = readImportFile(bytes, skipped, options);
  return importDocument(importTargetOf(api.runtime), imageStorageFor(api.config), document, {
    sources: { uploadsDir: options.uploadsDir },
    skipped,
  });
}

const repoRoot = path.resolve(here, '../..');

/**
 * Runs `npm run <script> -- args` as an operator would, against the test blog or, with `blog`, another
 * one (its database and data folder).
 */
export async function npmRun(
  script: 'import' | 'export',
  args: string[],
  blog: { databaseUrl: string; dataDir: string } = {
    databaseUrl: api.config.DATABASE_URL,
    dataDir: api.config.dataDir,
  },
) {
  const env = {
    PATH: process.env.PATH ?? '',
    HOME: process.env.HOME ?? '',
    DATABASE_URL: blog.databaseUrl,
    DATA_DIR: blog.dataDir,
    REDIS_URL: inject('redisUrl'),
    REDIS_PREFIX: api.config.REDIS_PREFIX,
    PUBLIC_URL: api.config.PUBLIC_URL,
  };
  const entry = path.join(repoRoot, 'infra/src/ops', `${script}-cli.ts`);
  return promisify(execFile)(process.execPath, ['--import', 'tsx', entry, ...args], { cwd: repoRoot, env });
}

/** Uploads the file as the panel does, runs its job as the worker would, and answers the finished job. */
export async function importOverHttp(admin: TestBrowser, content: string, name: string): Promise<ImportJob> {
  const body = new FormData();
  body.set('file', new Blob([content]), name);
  const res = await admin.upload('POST', '/api/admin/imports', body);
  expect(res.status, await res.clone().text()).toBe(202);
  const { id } = (await res.json()) as ImportJob;
  await runImportJob(api.runtime, imageStorageFor(api.config), id);
  const job = await admin.call('GET', `/api/admin/imports/${id}`);
  expect(job.status).toBe(200);
  return (await job.json()) as ImportJob;
}

/** Row counts of every table and the stored image files: "the blog" for the nothing-changed checks. */
export async function blogState(): Promise<{ rows: Record<string, number>; files: string[] }> {
  const client = new pg.Client({ connectionString: database.url });
  await client.connect();
  try {
    const tables = (
      await client.query<{ name: string }>(
        "SELECT tablename AS name FROM pg_tables WHERE schemaname = 'public' AND tablename <> 'schema_migrations' ORDER BY 1",
      )
    ).rows.map((row) => row.name);
    const rows: Record<string, number> = {};
    for (const table of tables)
      rows[table] = Number(
        (await client.query<{ n: string }>(`SELECT count(*) AS n FROM ${client.escapeIdentifier(table)}`))
          .rows[0]!.n,
      );
    const files: string[] = [];
    for await (const file of imageStorageFor(api.config).list()) files.push(file.fileName);
    return { rows, files: files.sort() };
  } finally {
    await client.end();
  }
}
