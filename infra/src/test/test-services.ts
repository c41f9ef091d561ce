import { mkdtemp, rm } from 'node:fs/promises';
import { request } from 'node:http';
import os from 'node:os';
import path from 'node:path';
import { startEmbeddedPostgres } from '../services/embedded-postgres.ts';
import { startEmbeddedRedis } from '../services/embedded-redis.ts';

/** A PostgreSQL server (its maintenance-database URL) and a Redis server for one test run. */
export interface TestServices {
  source: 'environment' | 'testcontainers' | 'embedded';
  postgresUrl: string;
  redisUrl: string;
  stop(): Promise<void>;
}

/**
 * Answers whether a Docker engine responds on its socket within 300 ms: a machine without one (only the
 * docker client installed) would otherwise wait for testcontainers' own much longer timeout.
 */
async function dockerAnswers(): Promise<boolean> {
  if (process.env.TEST_SERVICES === 'local') return false;
  const socketPath = process.env.DOCKER_HOST?.startsWith('unix://')
    ? process.env.DOCKER_HOST.slice('unix://'.length)
    : '/var/run/docker.sock';
  return new Promise((resolve) => {
    const req = request({ socketPath, path: '/_ping', timeout: 300 }, (res) => {
      res.resume();
      resolve(res.statusCode === 200);
    });
    req.on('error', () => resolve(false));
    req.on('timeout', () => {
      req.destroy();
      resolve(false);
    });
    req.end();
  });
}

async function fromTestcontainers(): Promise<TestServices> {
  const { PostgreSqlContainer } = await import('@testcontainers/postgresql');
  const { RedisContainer } = await import('@testcontainers/redis');
  const [postgres, redis] = await Promise.all([
    new PostgreSqlContainer('postgres:16-alpine').start(),
    new RedisContainer('redis:7-alpine').start(),
  ]);
  return {
    source: 'testcontainers',
    postgresUrl: postgres.getConnectionUri(),
    redisUrl: redis.getConnectionUrl(),
    async stop() {
      await Promise.all([postgres.stop(), redis.stop()]);
    },
  };
}

async function fromEmbedded(): Promise<TestServices> {
  const dir = await mkdtemp(path.join(os.tmpdir(), 'blog-test-services-'));
  const postgres = await startEmbeddedPostgres({ dataDir: path.join(dir, 'postgres'), persistent: false });
  const redis = await startEmbeddedRedis({ dataDir: path.join(dir, 'redis') });
  return {
    source: 'embedded',
    postgresUrl: postgres.url,
    redisUrl: redis.url,
    async stop() {
      await Promise.allSettled([redis.stop(), postgres.stop()]);
      await rm(dir, { recursive: true, force: true });
    },
  };
}

/**
 * Environment first (CI sets TEST_DATABASE_URL / TEST_REDIS_URL), then testcontainers when a
 * Docker engine answers, otherwise the same embedded services `npm start` uses.
 */
export async function acquireTestServices(): Promise<TestServices> {
  const { TEST_DATABASE_URL, TEST_REDIS_URL } = process.env;
  if (TEST_DATABASE_URL && TEST_REDIS_URL) {
    return {
      source: 'environment',
      postgresUrl: TEST_DATABASE_URL,
      redisUrl: TEST_REDIS_URL,
      stop: async () => {},
    };
  }
  if (await dockerAnswers()) return fromTestcontainers();
  return fromEmbedded();
}
