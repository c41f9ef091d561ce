import { randomBytes } from 'node:crypto';
import { runMigrations } from '@blog/api/db/migrate.ts';
import { Redis } from 'ioredis';
import pg from 'pg';
import type { TestProject } from 'vitest/node';
import { databaseUrlFor, deleteRedisKeys } from './test-databases.ts';
import { acquireTestServices } from './test-services.ts';

/**
 * Once per test run (per vitest project): a fresh database migrated once, and a Redis key
 * prefix of its own; both removed at teardown so runs never see each other's data.
 */
export default async function setup(project: TestProject) {
  const services = await acquireTestServices();
  const runId = `${Date.now().toString(36)}_${randomBytes(3).toString('hex')}`;
  const databaseName = `blog_test_${project.name}_${runId}`;
  const databaseUrl = databaseUrlFor(services.postgresUrl, databaseName);
  const redisPrefix = `test:${project.name}:${runId}`;

  const admin = new pg.Client({ connectionString: services.postgresUrl });
  await admin.connect();
  await admin.query(`CREATE DATABASE "${databaseName}"`);
  await admin.end();
  await runMigrations(databaseUrl);

  project.provide('databaseUrl', databaseUrl);
  project.provide('adminDatabaseUrl', services.postgresUrl);
  project.provide('redisUrl', services.redisUrl);
  project.provide('redisPrefix', redisPrefix);

  return async () => {
    const cleanup = new pg.Client({ connectionString: services.postgresUrl });
    await cleanup.connect();
    await cleanup.query(`DROP DATABASE IF EXISTS "${databaseName}" WITH (FORCE)`);
    await cleanup.end();
    const redis = new Redis(services.redisUrl, { lazyConnect: true });
    await redis.connect();
    await deleteRedisKeys(redis, redisPrefix);
    await redis.quit();
    await services.stop();
  };
}
