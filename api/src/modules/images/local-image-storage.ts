import { createReadStream } from 'node:fs';
import { mkdir, readdir, realpath, rm, stat, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { type ImageStorage, SAFE_FILE_NAME, type StoredFile } from './image-storage.ts';

/** Uploads in one folder on this machine (the default; `npm start` keeps it under DATA_DIR/uploads). */
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
    kind: 'local',
    location: root,
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
    async *list(): AsyncIterable<StoredFile> {
      const names = await readdir(root).catch((err: NodeJS.ErrnoException) => {
        if (err.code === 'ENOENT') return [] as string[];
        throw err;
      });
      for (const fileName of names.sort()) {
        if (!SAFE_FILE_NAME.test(fileName)) continue;
        const info = await stat(path.join(root, fileName)).catch(() => null);
        if (info?.isFile()) yield { fileName, size: info.size, modifiedAt: info.mtime };
      }
    },
    close() {},
  };
}
