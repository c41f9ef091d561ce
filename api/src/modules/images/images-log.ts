import type { Deps } from '../../deps.ts';

/** One line of the images log (spec: logs screen, images tab). */
export interface ImageLogEntry {
  originalFilename: string;
  /** The `/uploads/…` path stored on the post. */
  databasePath: string;
  postTitle: string;
}

/**
 * Records that an uploaded image was stored. The capped images log (Redis) is being built in the logs
 * module; until it lands the entry goes to the application log, and this is the one place to switch.
 */
export function recordImageStored(deps: Pick<Deps, 'logger'>, entry: ImageLogEntry): void {
  deps.logger.info(
    {
      originalFilename: entry.originalFilename,
      databasePath: entry.databasePath,
      postTitle: entry.postTitle,
    },
    'image stored',
  );
}
