import { mkdir, mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import type { Writable } from 'node:stream';
import { loadStorageConfig } from '@blog/api/config';
import { createImageStorage, localImageStorage } from '@blog/api/images/storage';
import { type BackupManifest, packBackup } from './backup-archive.ts';
import { openBlogDatabase } from './blog-database.ts';
import { copyUploads } from './copy-uploads.ts';
import { countRows, type DumpFormat, dumpDatabase, schemaVersion } from './database-dump.ts';
import type { Progress } from './progress.ts';

/**
 * One archive of the blog: the database (pg_dump custom format, or per-table JSON where no pg_dump
 * matches the server), every uploaded image from whichever storage holds them, and a manifest with
 * the schema version, row counts and SHA-256 checksums. Redis is not in it: it holds only sessions,
 * queues, counters and capped logs, all of which the blog rebuilds or lets expire.
 */
export async function createBackup(options: {
  env: NodeJS.ProcessEnv;
  out: Writable;
  progress: (label: string) => Progress;
  /** The database format; default pg_dump when a matching one is on PATH, else per-table JSON. */
  format?: DumpFormat;
}): Promise<BackupManifest> {
  const database = await openBlogDatabase(options.env);
  const storage = createImageStorage(loadStorageConfig(options.env));
  const dir = await mkdtemp(path.join(os.tmpdir(), 'blog-backup-'));
  try {
    const version = await schemaVersion(database.url);
    if (!version) throw new Error('The database has no schema yet: nothing to back up.');
    const counts = await countRows(database.url);
    const tables = options.progress('Baza danych');
    let done = 0;
    const dump = await dumpDatabase(
      database.url,
      dir,
      () => tables.update(++done, Object.keys(counts).length),
      options.format,
    );
    tables.update(Object.keys(counts).length, Object.keys(counts).length);
    tables.stop();

    const uploadsDir = path.join(dir, 'uploads');
    await mkdir(uploadsDir);
    const images = options.progress('Obrazy');
    const copied = await copyUploads(storage, localImageStorage(uploadsDir), (n, total) =>
      images.update(n, total),
    );
    images.stop();
    let bytes = 0;
    for await (const file of localImageStorage(uploadsDir).list()) bytes += file.size;

    return await packBackup(
      dir,
      {
        format: 'blog-backup/1',
        createdAt: new Date().toISOString(),
        schemaVersion: version,
        database: dump,
        counts,
        uploads: { files: copied.total, bytes },
      },
      options.out,
    );
  } finally {
    storage.close();
    await database.close();
    // Never let cleanup hide the real error.
    await rm(dir, { recursive: true, force: true, maxRetries: 5, retryDelay: 100 }).catch(() => undefined);
  }
}
