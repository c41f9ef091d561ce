import 'vitest';

declare module 'vitest' {
  export interface ProvidedContext {
    /**
     * The migrated databases of this run, one per worker: read them through `testDatabaseUrl()`
     * (@blog/api/test-database), which picks this worker's.
     */
    databaseUrls: string[];
    /** A migrated database nobody connects to: `createScratchDatabase(..., template)` copies it. */
    templateDatabase: string;
    /** The same server's maintenance database, for tests that create databases of their own. */
    adminDatabaseUrl: string;
    redisUrl: string;
    /** Every Redis key of this run starts with it; removed at teardown. */
    redisPrefix: string;
    /** A local S3-compatible server (path-style, any credentials); tests create their own buckets. */
    s3Endpoint: string;
  }
}
