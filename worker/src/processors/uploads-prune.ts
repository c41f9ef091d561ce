import {
  announceImagesRemoved,
  lockUploads,
  referencedUploadKeys,
  uploadKeyOf,
} from '@blog/api/images/references';
import { imageStorageFor } from '@blog/api/images/storage';
import { appendLog } from '@blog/api/logs';
import type { WorkerContext } from '../context.ts';

export interface UploadsPruneData {
  /** A file younger than this is kept even when unused: its post may not be saved yet. */
  graceHours: number;
}

const LOCK_BATCH = 100;

/**
 * Deletes uploaded images nothing references any more (see @blog/api/images/references: posts, their
 * revisions, the site settings such as the About page), once they are older than the grace period.
 * References are read with one query over all of them.
 */
export async function processUploadsPrune(data: UploadsPruneData, ctx: WorkerContext) {
  const storage = imageStorageFor(ctx.config);
  const cutoff = ctx.clock.now().getTime() - data.graceHours * 3600_000;
  // Only files past the grace period are candidates; the references are read after listing, so a
  // post saved meanwhile still protects its upload.
  const candidates: string[] = [];
  for await (const file of storage.list()) {
    if (file.modifiedAt.getTime() <= cutoff) candidates.push(file.fileName);
  }
  if (candidates.length === 0) return { deleted: [] as string[] };

  const used = await referencedUploadKeys(ctx);
  const unused = new Map<string, string[]>();
  for (const name of candidates) {
    const key = uploadKeyOf(name);
    if (!used.has(key)) unused.set(key, [...(unused.get(key) ?? []), name]);
  }

  // Deleted under the uploads' locks after a second look, as the API's removal does, so a save
  // that put one of them back into use since the read above keeps it. In batches: every advisory
  // lock takes a slot of PostgreSQL's shared lock table until the transaction ends.
  const deleted: string[] = [];
  const keys = [...unused.keys()];
  for (let start = 0; start < keys.length; start += LOCK_BATCH) {
    const batch = keys.slice(start, start + LOCK_BATCH);
    await ctx.sequelize.transaction(async (transaction) => {
      const db = { sequelize: ctx.sequelize, transaction };
      await lockUploads(db, batch);
      const usedNow = await referencedUploadKeys(db, batch);
      const removed: string[] = [];
      for (const key of batch) {
        if (usedNow.has(key)) continue;
        for (const name of unused.get(key)!) {
          await storage.remove(name);
          removed.push(name);
        }
      }
      // A CDN in front drops its copies once this commits.
      await announceImagesRemoved(db, removed);
      deleted.push(...removed);
    });
  }
  await appendLog(
    ctx,
    'system',
    'INFO',
    `Porządkowanie: usunięto ${deleted.length} nieużywanych obrazów (starszych niż ${data.graceHours} h)`,
  );
  return { deleted };
}
