import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';

export interface LocalS3 {
  /** http://127.0.0.1:<port>; path-style, any access key (S3RVER / S3RVER by convention). */
  endpoint: string;
  stop(): Promise<void>;
}

/** Credentials the local server accepts (it does not check them); the S3_* variables tests set. */
export const LOCAL_S3_CREDENTIALS = { accessKeyId: 'S3RVER', secretAccessKey: 'S3RVER' } as const;

/**
 * A real S3-compatible server on a free loopback port (s3rver: the S3 REST API over files in a
 * temporary folder), for the tests and benches of STORAGE=s3. Buckets are made by its callers.
 */
export async function startLocalS3(options: { buckets?: string[] } = {}): Promise<LocalS3> {
  const directory = await mkdtemp(path.join(os.tmpdir(), 'blog-s3-'));
  const { default: S3rver } = await import('@20minutes/s3rver');
  const server = new S3rver({
    address: '127.0.0.1',
    port: 0,
    silent: true,
    directory,
    allowMismatchedSignatures: true,
    configureBuckets: (options.buckets ?? []).map((name) => ({ name })),
  });
  const { port } = await server.run();
  return {
    endpoint: `http://127.0.0.1:${port}`,
    async stop() {
      await server.close();
      await rm(directory, { recursive: true, force: true });
    },
  };
}
