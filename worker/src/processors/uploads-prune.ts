import { readdir, stat, unlink } from 'node:fs/promises';
import path from 'node:path';
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
  const dir = ctx.config.uploadsDir;
  const names = await readdir(dir).catch((err: NodeJS.ErrnoException) => {
    if (err.code === 'ENOENT') return [] as string[];
    throw err;
  });
  if (names.length === 0) return { deleted: [] as string[] };

  const rows = await ctx.sequelize.query<{ stem: string }>(
    `SELECT DISTINCT m[1] AS stem
       FROM posts, regexp_matches(coalesce(image_url, '') || ' ' || coalesce(content, ''),
                                  '(?:/uploads/|/api/images/)([A-Za-z0-9_-]+)', 'g') AS m`,
    { type: QueryTypes.SELECT },
  );
  const used = new Set(rows.map((row) => uploadKeyOf(row.stem)));
  const cutoff = ctx.clock.now().getTime() - data.graceHours * 3600_000;

  const deleted: string[] = [];
  for (const name of names) {
    if (name.startsWith('.')) continue;
    if (used.has(uploadKeyOf(name))) continue;
    const file = path.join(dir, name);
    const info = await stat(file).catch(() => null);
    if (!info?.isFile() || info.mtimeMs > cutoff) continue;
    await unlink(file).catch(() => undefined);
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
