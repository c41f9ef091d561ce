import { randomBytes } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import type { paths } from '@blog/shared';
import createClient from 'openapi-fetch';
import { inject } from 'vitest';
import { type Config, loadConfig } from '../src/config.ts';
import { createRuntime, type Runtime } from '../src/runtime.ts';
import { type ApiServer, startApiServer } from '../src/server.ts';
import { cookieHeaderFrom } from './http.ts';
import { testDatabaseUrl } from './test-database.ts';

/**
 * This test file's channel of public content changes: files share their worker's database, and one file's
 * writes must not empty another's cache (its "the second request is a hit" would then fail).
 */
const FILE_CHANNEL = `blog_public_test_${randomBytes(6).toString('hex')}`;

/**
 * Configuration for one test file: its worker's migrated database, a Redis key prefix of its own
 * (so rate-limit counters and queues never cross files) and a temporary data folder.
 */
export async function createTestConfig(overrides: Record<string, string> = {}): Promise<Config> {
  const dataDir = await mkdtemp(path.join(os.tmpdir(), 'blog-test-data-'));
  return loadConfig({
    NODE_ENV: 'test',
    PORT: '0',
    HOST: '127.0.0.1',
    DATABASE_URL: testDatabaseUrl(),
    REDIS_URL: inject('redisUrl'),
    REDIS_PREFIX: `${inject('redisPrefix')}:${randomBytes(4).toString('hex')}`,
    DATA_DIR: dataDir,
    SESSION_SECRET: randomBytes(32).toString('base64url'),
    ENCRYPTION_KEY: randomBytes(32).toString('hex'),
    PUBLIC_URL: 'http://localhost:3000',
    LOG_LEVEL: process.env.TEST_LOG_LEVEL ?? 'silent',
    PUBLIC_CONTENT_CHANNEL: FILE_CHANNEL,
    ...overrides,
  });
}

const removeDataDir = (config: Config) => rm(config.dataDir, { recursive: true, force: true });

/** A runtime without an HTTP server, over createTestConfig; close() removes its data folder too. */
export async function createTestRuntime(overrides: Record<string, string> = {}): Promise<Runtime> {
  const config = await createTestConfig(overrides);
  const runtime = await createRuntime(config).catch(async (err: unknown) => {
    await removeDataDir(config);
    throw err;
  });
  return {
    ...runtime,
    async close() {
      await runtime.close();
      await removeDataDir(config);
    },
  };
}

export interface TestApi extends ApiServer {
  config: Config;
  /** openapi-fetch client typed by the contract, pointed at this server's /api. */
  client: ReturnType<typeof createClient<paths>>;
  /** Plain fetch against this server, for what the typed client cannot express (bad JSON, odd paths). */
  fetch(pathname: string, init?: RequestInit): Promise<Response>;
  /** A JSON call as the web client makes it: with a CSRF token and its cookies, from client address `ip`. */
  send(method: string, pathname: string, body?: unknown, options?: { ip?: string }): Promise<Response>;
  /** Cookie and X-CSRF-Token headers of one browser, fetched once. */
  csrfHeaders(): Promise<Record<string, string>>;
}

/** A real API listening on a free port, against the run's real PostgreSQL and Redis. */
export async function startTestApi(
  overrides: Record<string, string> = {},
  options: { webDistDir?: string; collabRecheckMs?: number } = {},
): Promise<TestApi> {
  const config = await createTestConfig(overrides);
  const api = await startApiServer(config, options).catch(async (err: unknown) => {
    await removeDataDir(config);
    throw err;
  });
  const baseUrl = `http://127.0.0.1:${api.port}`;
  let csrf: Promise<Record<string, string>> | undefined;
  const csrfHeaders = () => {
    csrf ??= fetch(`${baseUrl}/api/csrf-token`).then(async (res) => {
      const cookie = cookieHeaderFrom(res);
      return { cookie, 'x-csrf-token': ((await res.json()) as { csrfToken: string }).csrfToken };
    });
    return csrf;
  };
  return {
    ...api,
    config,
    client: createClient<paths>({ baseUrl: `${baseUrl}/api` }),
    fetch: (pathname, init) => fetch(`${baseUrl}${pathname}`, init),
    csrfHeaders,
    async send(method, pathname, body, options = {}) {
      const headers: Record<string, string> = {
        ...(await csrfHeaders()),
        'content-type': 'application/json',
      };
      if (options.ip) headers['x-forwarded-for'] = options.ip;
      return fetch(`${baseUrl}${pathname}`, {
        method,
        headers,
        body: body === undefined ? undefined : typeof body === 'string' ? body : JSON.stringify(body),
      });
    },
    async close() {
      await api.close();
      await removeDataDir(config);
    },
  };
}
