import { createReadStream } from 'node:fs';
import { mkdir, realpath, rm, stat, writeFile } from 'node:fs/promises';
import path from 'node:path';
import type { Readable } from 'node:stream';

/** Where uploaded images live. Local disk today; an S3-compatible store when several API machines serve. */
export interface ImageStorage {
  /** The stored file, or null when there is none by that name. */
  open(fileName: string): Promise<{ stream: Readable; size: number } | null>;
  save(fileName: string, bytes: Buffer): Promise<void>;
  exists(fileName: string): Promise<boolean>;
  /** Deletes the file; a missing one is not an error. */
  remove(fileName: string): Promise<void>;
}

/** Names we hand out ourselves: no separators, no leading dot, so no path can escape the folder. */
export const SAFE_FILE_NAME = /^[A-Za-z0-9][A-Za-z0-9_-]{0,150}(\.[A-Za-z0-9]{1,5})?$/;

export function localImageStorage(directory: string): ImageStorage {
  const root = path.resolve(directory);
  const inside = async (fileName: string) => {
    if (!SAFE_FILE_NAME.test(fileName)) return null;
    const candidate = path.join(root, fileName);
    // Belt and braces against a symlink planted in the folder.
    const real = await realpath(candidate).catch(() => null);
    return real?.startsWith(`${await realpath(root)}${path.sep}`) ? real : null;
  };
  return {
    async open(fileName) {
      const file = await inside(fileName);
      if (!file) return null;
      const info = await stat(file).catch(() => null);
      if (!info?.isFile()) return null;
      return { stream: createReadStream(file), size: info.size };
    },
    async save(fileName, bytes) {
      if (!SAFE_FILE_NAME.test(fileName)) throw new Error(`unsafe image file name: ${fileName}`);
      await mkdir(root, { recursive: true });
      await writeFile(path.join(root, fileName), bytes, { mode: 0o644 });
    },
    async exists(fileName) {
      const file = await inside(fileName);
      return file !== null && ((await stat(file).catch(() => null))?.isFile() ?? false);
    },
    async remove(fileName) {
      if (!SAFE_FILE_NAME.test(fileName)) throw new Error(`unsafe image file name: ${fileName}`);
      await rm(path.join(root, fileName), { force: true });
    },
  };
}
