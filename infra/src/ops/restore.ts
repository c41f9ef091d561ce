import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { loadStorageConfig } from '@blog/api/config';
import { runMigrations } from '@blog/api/database';
import { createImageStorage, localImageStorage } from '@blog/api/images/storage';
import { BackupRejected, unpackBackup } from './backup-archive.ts';
import { openBlogDatabase } from './blog-database.ts';
import { copyUploads } from './copy-uploads.ts';
import { countRows, restoreDatabase } from './database-dump.ts';
import type { Progress } from './progress.ts';

export interface RestoreResult {
  counts: Record<string, number>;
  uploads: number;
  /** Migrations newer than the archive, applied after it. */
  migrated: string[];
}

/**
 * Restores an archive of createBackup into an empty database and storage. The archive is checked
 * whole (manifest, checksums) before anything is touched; a non-empty target is refused unless
 * `force` (which empties it first). Newer migrations run afterwards.
 */
export async function restoreBackup(options: {
  env: NodeJS.ProcessEnv;
  archive: string;
  force: boolean;
  progress: (label: string) => Progress;
}): Promise<RestoreResult> {
  const dir = await mkdtemp(path.join(os.tmpdir(), 'blog-restore-'));
  try {
    const manifest = await unpackBackup(options.archive, dir);
    const database = await openBlogDatabase(options.env, { createEmbedded: true });
    const storage = createImageStorage(loadStorageConfig(options.env));
    try {
      const present = Object.entries(await countRows(database.url)).filter(
        ([table, rows]) => table !== 'schema_migrations' && rows > 0,
      );
      const stored: string[] = [];
      for await (const file of storage.list()) stored.push(file.fileName);
      if ((present.length > 0 || stored.length > 0) && !options.force) {
        const what = [
          ...present.slice(0, 4).map(([table, rows]) => `${table}: ${rows}`),
          ...(stored.length > 0 ? [`obrazy: ${stored.length}`] : []),
        ].join(', ');
        throw new BackupRejected(
          `Docelowa baza danych lub magazyn obrazów nie jest pusty (${what}). Użyj --force, aby je zastąpić; niczego nie zmieniono.`,
        );
      }
      for (const fileName of stored) await storage.remove(fileName);

      const tables = options.progress('Baza danych');
      const total = manifest.database.files.length;
      let done = 0;
      await restoreDatabase(
        database.url,
        dir,
        { ...manifest.database, schemaVersion: manifest.schemaVersion },
        () => tables.update(++done, total),
      );
      tables.update(total, total);
      tables.stop();
      const migrated = await runMigrations(database.url);

      const images = options.progress('Obrazy');
      const copied = await copyUploads(localImageStorage(path.join(dir, 'uploads')), storage, (n, all) =>
        images.update(n, all),
      );
      images.stop();
      return { counts: await countRows(database.url), uploads: copied.total, migrated };
    } finally {
      storage.close();
      await database.close();
    }
  } finally {
    // A failed unpack may still be finishing its writes: retry, and never let cleanup hide the real error.
    await rm(dir, { recursive: true, force: true, maxRetries: 5, retryDelay: 100 }).catch(() => undefined);
  }
}
