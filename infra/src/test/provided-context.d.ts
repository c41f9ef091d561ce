import 'vitest';

declare module 'vitest' {
  export interface ProvidedContext {
    /** The migrated database of this run. */
    databaseUrl: string;
    /** The same server's maintenance database, for tests that create databases of their own. */
    adminDatabaseUrl: string;
    redisUrl: string;
    /** Every Redis key of this run starts with it; removed at teardown. */
    redisPrefix: string;
    /** A local S3-compatible server (path-style, any credentials); tests create their own buckets. */
    s3Endpoint: string;
  }
}
