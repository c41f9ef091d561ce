import { buffer } from 'node:stream/consumers';
import type { ImageStorage, StoredFile } from '@blog/api/images/storage';

export interface CopyResult {
  copied: number;
  /** Already at the destination with the same size: a second run (or a resumed one) skips them. */
  skipped: number;
  total: number;
}

/**
 * Copies every upload of `from` that `to` does not already hold with the same size, a few at a time.
 * Idempotent and resumable: what an interrupted run copied is skipped the next time.
 */
export async function copyUploads(
  from: ImageStorage,
  to: ImageStorage,
  onProgress: (done: number, total: number) => void = () => {},
  concurrency = 8,
): Promise<CopyResult> {
  const present = new Map<string, number>();
  for await (const file of to.list()) present.set(file.fileName, file.size);
  const files: StoredFile[] = [];
  for await (const file of from.list()) files.push(file);

  let done = 0;
  let copied = 0;
  let next = 0;
  onProgress(0, files.length);
  const lane = async () => {
    while (next < files.length) {
      const file = files[next++]!;
      if (present.get(file.fileName) !== file.size) {
        const source = await from.open(file.fileName);
        // Gone since the listing (deleted by housekeeping meanwhile): nothing to copy.
        if (source) {
          await to.save(file.fileName, await buffer(source.stream));
          copied += 1;
        }
      }
      done += 1;
      onProgress(done, files.length);
    }
  };
  await Promise.all(Array.from({ length: Math.min(concurrency, files.length) }, lane));
  return { copied, skipped: files.length - copied, total: files.length };
}
