import { randomBytes } from 'node:crypto';
import { Redis } from 'ioredis';
import type { TestProject } from 'vitest/node';
import { createScratchDatabase, runMigrations } from '@blog/api/database';
import { deleteKeysByPrefix } from '@blog/api/redis';
import { startLocalS3 } from '../services/local-s3.ts';
import { acquireTestServices } from './test-services.ts';

/**
 * Once per test run (per vitest project): a fresh database migrated once, a Redis key prefix of
 * its own and a local S3-compatible server; all removed at teardown so runs never see each other's data.
 */
export default async function setup(project: TestProject) {
  const services = await acquireTestServices();
  const database = await createScratchDatabase(services.postgresUrl, `blog_test_${project.name}`);
  const redisPrefix = `test:${project.name}:${Date.now().toString(36)}_${randomBytes(3).toString('hex')}`;
  await runMigrations(database.url);
  // The S3 storage path runs against a real S3-compatible server; each test makes its own bucket.
  const s3 = await startLocalS3();

  project.provide('databaseUrl', database.url);
  project.provide('adminDatabaseUrl', services.postgresUrl);
  project.provide('redisUrl', services.redisUrl);
  project.provide('redisPrefix', redisPrefix);
  project.provide('s3Endpoint', s3.endpoint);

  return async () => {
    await s3.stop();
    await database.drop();
    const redis = new Redis(services.redisUrl, { lazyConnect: true });
    await redis.connect();
    await deleteKeysByPrefix(redis, redisPrefix);
    await redis.quit();
    await services.stop();
  };
}
