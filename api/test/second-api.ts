import { fileURLToPath } from 'node:url';
import type { TestApi } from './harness.ts';
import { type SpawnedProcess, spawnEntry } from './spawn-process.ts';

const API_PROCESS = fileURLToPath(new URL('./api-process.ts', import.meta.url));

/**
 * The same API as `api` (database, Redis prefix, secrets) in a process of its own; `env` overrides
 * (drills point it at a proxy or a private Redis, or shorten a setting).
 */
/**
 * The environment that gives a spawned process (an API, a worker) `api`'s database, Redis prefix,
 * public channel and secrets.
 */
export function sharedServicesEnv(api: TestApi): Record<string, string> {
  const { config } = api;
  return {
    NODE_ENV: 'test',
    DATABASE_URL: config.DATABASE_URL,
    REDIS_URL: config.REDIS_URL,
    REDIS_PREFIX: config.REDIS_PREFIX,
    PUBLIC_CONTENT_CHANNEL: config.PUBLIC_CONTENT_CHANNEL,
    SESSION_SECRET: config.SESSION_SECRET,
    ENCRYPTION_KEY: config.ENCRYPTION_KEY,
  };
}

export async function startSecondApi(
  api: TestApi,
  options: { webDistDir?: string; env?: Record<string, string> } = {},
): Promise<{ origin: string; process: SpawnedProcess }> {
  const { config } = api;
  const spawned = await spawnEntry(API_PROCESS, {
    ...sharedServicesEnv(api),
    PORT: '0',
    HOST: '127.0.0.1',
    DATA_DIR: config.DATA_DIR,
    PUBLIC_URL: config.PUBLIC_URL,
    LOG_LEVEL: 'silent',
    TRUST_PROXY: String(config.TRUST_PROXY),
    TEST_WEB_DIST_DIR: options.webDistDir ?? '',
    ...options.env,
  });
  return { origin: `http://127.0.0.1:${String(spawned.ready.port)}`, process: spawned };
}
