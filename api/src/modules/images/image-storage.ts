import type { Readable } from 'node:stream';
import type { Config } from '../../config.ts';
import { localImageStorage } from './local-image-storage.ts';
import { s3ImageStorage } from './s3-image-storage.ts';

export { localImageStorage } from './local-image-storage.ts';

/** One stored file, as a listing returns it. */
export interface StoredFile {
  fileName: string;
  size: number;
  modifiedAt: Date;
}

/**
 * Where uploaded images live: a local folder (one machine) or an S3-compatible bucket (any number of
 * API and worker machines). Everything that touches image files goes through this, never `fs` or
 * the SDK directly, so upload, serving, housekeeping, migration and backup behave the same on both.
 */
export interface ImageStorage {
  /** `local` or `s3`, and where (a folder or `s3://bucket`), for logs and the operator's scripts. */
  readonly kind: 'local' | 's3';
  readonly location: string;
  /** The stored file, or null when there is none by that name. */
  open(fileName: string): Promise<{ stream: Readable; size: number } | null>;
  save(fileName: string, bytes: Buffer): Promise<void>;
  exists(fileName: string): Promise<boolean>;
  /** Deletes the file; a missing one is not an error. */
  remove(fileName: string): Promise<void>;
  /** Every stored file with a name we could have handed out (see SAFE_FILE_NAME). */
  list(): AsyncIterable<StoredFile>;
  /** Releases connections (the S3 client's sockets); the storage is not used afterwards. */
  close(): void;
}

/** Names we hand out ourselves: no separators, no leading dot, so no path can escape the folder. */
export const SAFE_FILE_NAME = /^[A-Za-z0-9][A-Za-z0-9_-]{0,150}(\.[A-Za-z0-9]{1,5})?$/;

export const IMAGE_CONTENT_TYPES: Record<string, string> = {
  png: 'image/png',
  jpg: 'image/jpeg',
  jpeg: 'image/jpeg',
  gif: 'image/gif',
  webp: 'image/webp',
  avif: 'image/avif',
};

/** The Content-Type served for a stored file, or undefined for an extension that is no image of ours. */
export const imageContentType = (fileName: string): string | undefined =>
  IMAGE_CONTENT_TYPES[fileName.split('.').pop()?.toLowerCase() ?? ''];

/** Names never change content (random ids), so a year of caching is safe everywhere they are served. */
export const IMAGE_CACHE_CONTROL = 'public, max-age=31536000, immutable';

export type StorageConfig = Pick<
  Config,
  | 'STORAGE'
  | 'uploadsDir'
  | 'S3_BUCKET'
  | 'S3_REGION'
  | 'S3_ENDPOINT'
  | 'S3_FORCE_PATH_STYLE'
  | 'S3_ACCESS_KEY_ID'
  | 'S3_SECRET_ACCESS_KEY'
>;

/** A new storage for this configuration (the caller closes it). */
export function createImageStorage(config: StorageConfig): ImageStorage {
  switch (config.STORAGE) {
    case 'local':
      return localImageStorage(config.uploadsDir);
    case 's3':
      return s3ImageStorage({
        bucket: config.S3_BUCKET!,
        region: config.S3_REGION,
        endpoint: config.S3_ENDPOINT,
        forcePathStyle: config.S3_FORCE_PATH_STYLE,
        credentials:
          config.S3_ACCESS_KEY_ID && config.S3_SECRET_ACCESS_KEY
            ? { accessKeyId: config.S3_ACCESS_KEY_ID, secretAccessKey: config.S3_SECRET_ACCESS_KEY }
            : undefined,
      });
  }
}

const perConfig = new WeakMap<object, ImageStorage>();

/**
 * The process's storage for a configuration: one per configuration object (loadConfig runs once per
 * process), so every router and processor shares one S3 client and its connection pool.
 */
export function imageStorageFor(config: StorageConfig): ImageStorage {
  let storage = perConfig.get(config);
  if (!storage) {
    storage = createImageStorage(config);
    perConfig.set(config, storage);
  }
  return storage;
}

/** Closes the shared storage of a configuration, if one was made (at process shutdown). */
export function closeImageStorageFor(config: StorageConfig): void {
  perConfig.get(config)?.close();
  perConfig.delete(config);
}
