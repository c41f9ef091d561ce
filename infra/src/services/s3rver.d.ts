// @20minutes/s3rver ships no types: only what the local S3-compatible server needs.
declare module '@20minutes/s3rver' {
  interface S3rverOptions {
    address?: string;
    port?: number;
    silent?: boolean;
    directory: string;
    resetOnClose?: boolean;
    /** The SDK v3 signs ListObjectsV2 in a way this server recomputes differently. */
    allowMismatchedSignatures?: boolean;
    configureBuckets?: { name: string }[];
  }
  export default class S3rver {
    constructor(options: S3rverOptions);
    run(): Promise<{ address: string; port: number }>;
    close(): Promise<void>;
  }
}
