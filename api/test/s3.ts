import { randomBytes } from 'node:crypto';
import { inject } from 'vitest';

/**
 * The S3_* variables of a fresh bucket on the run's local S3-compatible server (started by the
 * global setup): STORAGE=s3 for a test API, a spawned process or a worker.
 */
export async function createTestBucketEnv(): Promise<Record<string, string>> {
  const endpoint = inject('s3Endpoint');
  const bucket = `blog-test-${randomBytes(5).toString('hex')}`;
  process.env.AWS_SDK_JS_NODE_VERSION_SUPPORT_WARNING_DISABLED ??= 'true';
  const { CreateBucketCommand, S3Client } = await import('@aws-sdk/client-s3');
  const s3 = new S3Client({
    region: 'us-east-1',
    endpoint,
    forcePathStyle: true,
    credentials: { accessKeyId: 'S3RVER', secretAccessKey: 'S3RVER' },
  });
  await s3.send(new CreateBucketCommand({ Bucket: bucket }));
  s3.destroy();
  return {
    STORAGE: 's3',
    S3_BUCKET: bucket,
    S3_REGION: 'us-east-1',
    S3_ENDPOINT: endpoint,
    S3_FORCE_PATH_STYLE: 'true',
    S3_ACCESS_KEY_ID: 'S3RVER',
    S3_SECRET_ACCESS_KEY: 'S3RVER',
  };
}
