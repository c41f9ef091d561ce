import { Readable } from 'node:stream';
import type * as S3Sdk from '@aws-sdk/client-s3';
import {
  IMAGE_CACHE_CONTROL,
  imageContentType,
  type ImageStorage,
  SAFE_FILE_NAME,
  type StoredFile,
} from './image-storage.ts';

export interface S3StorageOptions {
  bucket: string;
  region: string;
  endpoint?: string;
  forcePathStyle: boolean;
  credentials?: { accessKeyId: string; secretAccessKey: string };
}

const isMissing = (err: unknown) => {
  const error = err as { name?: string; $metadata?: { httpStatusCode?: number } };
  return error.name === 'NoSuchKey' || error.name === 'NotFound' || error.$metadata?.httpStatusCode === 404;
};

/**
 * Uploads in an S3-compatible bucket (AWS S3, MinIO, Cloudflare R2, Backblaze B2, …), one object per
 * file under its own name. The SDK is loaded on first use, so a local-storage process never pays for it.
 */
export function s3ImageStorage(options: S3StorageOptions): ImageStorage {
  let client: Promise<{ s3: S3Sdk.S3Client; sdk: typeof S3Sdk }> | undefined;
  const connect = () => {
    client ??= (async () => {
      // The SDK warns on every start that releases after January 2027 will want Node 22; we pin one.
      process.env.AWS_SDK_JS_NODE_VERSION_SUPPORT_WARNING_DISABLED ??= 'true';
      const sdk = await import('@aws-sdk/client-s3');
      const s3 = new sdk.S3Client({
        region: options.region,
        endpoint: options.endpoint,
        forcePathStyle: options.forcePathStyle,
        credentials: options.credentials,
        // S3-compatible services (MinIO, R2, B2, local test servers) reject or ignore the newer
        // default CRC checksums; send and check them only where an operation requires one.
        requestChecksumCalculation: 'WHEN_REQUIRED',
        responseChecksumValidation: 'WHEN_REQUIRED',
      });
      return { s3, sdk };
    })();
    return client;
  };
  const Bucket = options.bucket;
  const checked = (fileName: string) => {
    if (!SAFE_FILE_NAME.test(fileName)) throw new Error(`unsafe image file name: ${fileName}`);
    return fileName;
  };

  return {
    kind: 's3',
    location: `s3://${Bucket}`,
    async open(fileName) {
      if (!SAFE_FILE_NAME.test(fileName)) return null;
      const { s3, sdk } = await connect();
      try {
        const object = await s3.send(new sdk.GetObjectCommand({ Bucket, Key: fileName }));
        if (!(object.Body instanceof Readable)) return null;
        return { stream: object.Body, size: object.ContentLength ?? 0 };
      } catch (err) {
        if (isMissing(err)) return null;
        throw err;
      }
    },
    async save(fileName, bytes) {
      const { s3, sdk } = await connect();
      await s3.send(
        new sdk.PutObjectCommand({
          Bucket,
          Key: checked(fileName),
          Body: bytes,
          ContentLength: bytes.length,
          ContentType: imageContentType(fileName) ?? 'application/octet-stream',
          // Served as-is by a CDN or the bucket's public address (UPLOADS_PUBLIC_URL).
          CacheControl: IMAGE_CACHE_CONTROL,
        }),
      );
    },
    async exists(fileName) {
      if (!SAFE_FILE_NAME.test(fileName)) return false;
      const { s3, sdk } = await connect();
      try {
        await s3.send(new sdk.HeadObjectCommand({ Bucket, Key: fileName }));
        return true;
      } catch (err) {
        if (isMissing(err)) return false;
        throw err;
      }
    },
    async remove(fileName) {
      const { s3, sdk } = await connect();
      await s3.send(new sdk.DeleteObjectCommand({ Bucket, Key: checked(fileName) }));
    },
    async *list(): AsyncIterable<StoredFile> {
      const { s3, sdk } = await connect();
      let ContinuationToken: string | undefined;
      do {
        const page = await s3.send(new sdk.ListObjectsV2Command({ Bucket, ContinuationToken }));
        for (const object of page.Contents ?? []) {
          if (!object.Key || !SAFE_FILE_NAME.test(object.Key)) continue;
          yield {
            fileName: object.Key,
            size: object.Size ?? 0,
            modifiedAt: object.LastModified ?? new Date(0),
          };
        }
        ContinuationToken = page.IsTruncated ? page.NextContinuationToken : undefined;
      } while (ContinuationToken);
    },
    close() {
      void client?.then(({ s3 }) => s3.destroy()).catch(() => undefined);
      client = undefined;
    },
  };
}
