import { imageStorageFor } from '@blog/api/images/storage';
import { appendLog } from '@blog/api/logs';
import { QueryTypes } from 'sequelize';
import type { WorkerContext } from '../context.ts';

export interface UploadsPruneData {
  /** A file younger than this is kept even when unused: its post may not be saved yet. */
  graceHours: number;
}

/**
 * What ties a file to the upload it belongs to: for an upload made here (`<id>-<width>w.webp`, see
 * @blog/openapi/rules image-variants) its id, so every width of it counts as used when one is;
 * otherwise the name without its extension.
 */
const uploadKeyOf = (fileName: string) => {
  const stem = fileName.replace(/\.[^.]*$/, '');
  return /^([a-f0-9]{32})-\d+w$/.exec(stem)?.[1] ?? stem;
};

/**
 * Deletes uploaded images that no post uses any more (not its cover, not in its body), once they
 * are older than the grace period. References are read with one query over posts.
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

  const rows = await ctx.sequelize.query<{ stem: string }>(
    `SELECT DISTINCT m[1] AS stem
       FROM posts, regexp_matches(coalesce(image_url, '') || ' ' || coalesce(social_image_url, '') || ' ' || coalesce(content, ''),
                                  '(?:/uploads/|/api/images/)([A-Za-z0-9_-]+)', 'g') AS m`,
    { type: QueryTypes.SELECT },
  );
  const used = new Set(rows.map((row) => uploadKeyOf(row.stem)));

  const deleted: string[] = [];
  for (const name of candidates) {
    if (used.has(uploadKeyOf(name))) continue;
    await storage.remove(name);
    deleted.push(name);
  }
  await appendLog(
    ctx,
    'system',
    'INFO',
    `Porządkowanie: usunięto ${deleted.length} nieużywanych obrazów (starszych niż ${data.graceHours} h)`,
  );
  return { deleted };
}
