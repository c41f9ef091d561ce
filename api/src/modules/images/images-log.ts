import { appendImageLog } from '../logs/capped-log.ts';

/** One line of the images log (spec: logs screen, images tab). */
export interface ImageLogEntry {
  originalFilename: string;
  /** The `/uploads/…` path stored on the post. */
  databasePath: string;
  /** null for an image uploaded into a post's body (not yet tied to a saved post). */
  postTitle: string | null;
}

/** Records that an uploaded image was stored: a structured entry of the capped images log. */
export async function recordImageStored(
  deps: Parameters<typeof appendImageLog>[0],
  entry: ImageLogEntry,
): Promise<void> {
  await appendImageLog(deps, entry);
}
