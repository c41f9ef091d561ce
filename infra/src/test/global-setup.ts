import { randomBytes } from 'node:crypto';
import { Redis } from 'ioredis';
import type { TestProject } from 'vitest/node';
import { createScratchDatabase, runMigrations } from '@blog/api/database';
import { deleteKeysByPrefix } from '@blog/api/redis';
import { startLocalS3 } from '../services/local-s3.ts';
import { acquireTestServices } from './test-services.ts';

/**
 * Once per test run (per vitest project): a database migrated once and kept untouched as a template,
 * one copy of it per worker (files running side by side never share tables), a Redis key prefix of
 * its own and a local S3-compatible server; all removed at teardown so runs never see each other's data.
 */
export default async function setup(project: TestProject) {
  const services = await acquireTestServices();
  const template = await createScratchDatabase(services.postgresUrl, `blog_test_${project.name}_template`);
  await runMigrations(template.url);
  const workers = Math.max(1, project.config.maxWorkers || 1);
  const databases = await Promise.all(
    Array.from({ length: workers }, (_, index) =>
      createScratchDatabase(services.postgresUrl, `blog_test_${project.name}_w${index + 1}`, template.name),
    ),
  );
  const redisPrefix = `test:${project.name}:${Date.now().toString(36)}_${randomBytes(3).toString('hex')}`;
  // The S3 storage path runs against a real S3-compatible server; each test makes its own bucket.
  const s3 = await startLocalS3();

  project.provide(
    'databaseUrls',
    databases.map((database) => database.url),
  );
  project.provide('templateDatabase', template.name);
  project.provide('adminDatabaseUrl', services.postgresUrl);
  project.provide('redisUrl', services.redisUrl);
  project.provide('redisPrefix', redisPrefix);
  project.provide('s3Endpoint', s3.endpoint);

  return async () => {
    await s3.stop();
    await Promise.all(databases.map((database) => database.drop()));
    await template.drop();
    const redis = new Redis(services.redisUrl, { lazyConnect: true });
    await redis.connect();
    await deleteKeysByPrefix(redis, redisPrefix);
    await redis.quit();
    await services.stop();
  };
}
