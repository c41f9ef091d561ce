import { createHash } from 'node:crypto';
import { createReadStream } from 'node:fs';
import { readdir, readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import type { Readable, Writable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import * as tar from 'tar';
import type { DumpFormat } from './database-dump.ts';

export const MANIFEST = 'manifest.json';

/** What a backup holds, written first into its archive. */
export interface BackupManifest {
  format: 'blog-backup/1';
  createdAt: string;
  /** The newest migration applied when the backup was taken. */
  schemaVersion: string;
  database: { format: DumpFormat; files: string[] };
  /** Rows per table at backup time; the restore prints and checks them. */
  counts: Record<string, number>;
  uploads: { files: number; bytes: number };
  /** SHA-256 of every other file of the archive, by path. */
  checksums: Record<string, string>;
}

/** The archive is not a backup we can trust: nothing was changed. */
export class BackupRejected extends Error {
  override name = 'BackupRejected';
}

export async function sha256File(file: string): Promise<string> {
  const hash = createHash('sha256');
  await pipeline(createReadStream(file), hash);
  return hash.digest('hex');
}

/** Every file under `dir`, relative, with forward slashes. */
export async function filesUnder(dir: string): Promise<string[]> {
  const entries = await readdir(dir, { recursive: true, withFileTypes: true });
  return entries
    .filter((entry) => entry.isFile())
    .map((entry) => path.relative(dir, path.join(entry.parentPath, entry.name)).split(path.sep).join('/'))
    .sort();
}

/** Writes the manifest into `dir` (checksums of everything else there) and packs it all, gzipped. */
export async function packBackup(
  dir: string,
  manifest: Omit<BackupManifest, 'checksums'>,
  out: Writable,
): Promise<BackupManifest> {
  const files = (await filesUnder(dir)).filter((file) => file !== MANIFEST);
  const checksums: Record<string, string> = {};
  for (const file of files) checksums[file] = await sha256File(path.join(dir, file));
  const full: BackupManifest = { ...manifest, checksums };
  await writeFile(path.join(dir, MANIFEST), `${JSON.stringify(full, null, 2)}\n`);
  await pipeline(
    tar.c({ gzip: true, cwd: dir, portable: true }, [MANIFEST, ...files]) as unknown as Readable,
    out,
  );
  return full;
}

/**
 * Unpacks an archive into `dir` and checks it against its manifest: every listed file present with
 * its checksum, nothing unlisted. A truncated or altered archive is refused here, before anything
 * of the blog is touched.
 */
export async function unpackBackup(archive: string, dir: string): Promise<BackupManifest> {
  try {
    await tar.x({ file: archive, cwd: dir, strict: true, preservePaths: false });
  } catch (err) {
    throw new BackupRejected(
      `Archiwum jest uszkodzone lub niekompletne (${err instanceof Error ? err.message : String(err)}); niczego nie zmieniono.`,
    );
  }
  let manifest: BackupManifest;
  try {
    manifest = JSON.parse(await readFile(path.join(dir, MANIFEST), 'utf8')) as BackupManifest;
  } catch {
    throw new BackupRejected('Archiwum nie zawiera poprawnego manifest.json; niczego nie zmieniono.');
  }
  if (manifest.format !== 'blog-backup/1' || typeof manifest.checksums !== 'object')
    throw new BackupRejected(
      'To nie jest kopia zapasowa bloga (nieznany format manifestu); niczego nie zmieniono.',
    );
  const present = (await filesUnder(dir)).filter((file) => file !== MANIFEST);
  const listed = Object.keys(manifest.checksums).sort();
  const missing = listed.filter((file) => !present.includes(file));
  const extra = present.filter((file) => !Object.hasOwn(manifest.checksums, file));
  // A cut-off archive may unpack without an error from tar: what it lacks is then the clue.
  if (missing.length > 0)
    throw new BackupRejected(
      `Archiwum jest uszkodzone lub niekompletne (brak ${missing.length} plików, np. ${missing[0]}); niczego nie zmieniono.`,
    );
  if (extra.length > 0)
    throw new BackupRejected(
      `Archiwum nie zgadza się z manifestem (nadmiarowe pliki, np. ${extra[0]}); niczego nie zmieniono.`,
    );
  for (const file of listed) {
    if ((await sha256File(path.join(dir, file))) !== manifest.checksums[file])
      throw new BackupRejected(
        `Archiwum jest uszkodzone lub zostało zmienione: suma kontrolna pliku ${file} się nie zgadza; niczego nie zmieniono.`,
      );
  }
  return manifest;
}
