import { randomBytes } from 'node:crypto';
import { Redis } from 'ioredis';
import type { TestProject } from 'vitest/node';
import { createScratchDatabase, runMigrations } from '@blog/api/database';
import { deleteKeysByPrefix } from '@blog/api/redis';
import { acquireTestServices } from './test-services.ts';

/**
 * Once per test run (per vitest project): a fresh database migrated once, and a Redis key
 * prefix of its own; both removed at teardown so runs never see each other's data.
 */
export default async function setup(project: TestProject) {
  const services = await acquireTestServices();
  const database = await createScratchDatabase(services.postgresUrl, `blog_test_${project.name}`);
  const redisPrefix = `test:${project.name}:${Date.now().toString(36)}_${randomBytes(3).toString('hex')}`;
  await runMigrations(database.url);

  project.provide('databaseUrl', database.url);
  project.provide('adminDatabaseUrl', services.postgresUrl);
  project.provide('redisUrl', services.redisUrl);
  project.provide('redisPrefix', redisPrefix);

  return async () => {
    await database.drop();
    const redis = new Redis(services.redisUrl, { lazyConnect: true });
    await redis.connect();
    await deleteKeysByPrefix(redis, redisPrefix);
    await redis.quit();
    await services.stop();
  };
}
