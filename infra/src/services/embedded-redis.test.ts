import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { Redis } from 'ioredis';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { NO_REDIS_MESSAGE, startEmbeddedRedis } from './embedded-redis.ts';

const portOf = (url: string) => Number(new URL(url).port);

/** True while something accepts TCP connections on the port. */
async function portAnswers(port: number): Promise<boolean> {
  const client = new Redis({ host: '127.0.0.1', port, lazyConnect: true, retryStrategy: () => null });
  client.on('error', () => {});
  try {
    await client.connect();
    return true;
  } catch {
    return false;
  } finally {
    client.disconnect();
  }
}

/** Runs `body` with environment variables replaced, restoring them afterwards. */
async function withEnv<T>(vars: Record<string, string>, body: () => Promise<T>): Promise<T> {
  const saved = Object.fromEntries(Object.keys(vars).map((key) => [key, process.env[key]]));
  Object.assign(process.env, vars);
  try {
    return await body();
  } finally {
    for (const [key, value] of Object.entries(saved)) {
      if (value === undefined) delete process.env[key];
      else process.env[key] = value;
    }
  }
}

describe('embedded Redis', () => {
  let dir: string;
  beforeAll(async () => {
    dir = await mkdtemp(path.join(os.tmpdir(), 'blog-embedded-redis-'));
  });
  afterAll(async () => {
    await rm(dir, { recursive: true, force: true });
  });

  it('answers PING on a private port and is gone after stop()', async () => {
    const redis = await startEmbeddedRedis();
    const client = new Redis(redis.url);
    expect(await client.ping()).toBe('PONG');
    await client.quit();

    await redis.stop();
    expect(await portAnswers(portOf(redis.url))).toBe(false);
  });

  it('keeps its data across a restart when given a data folder', async () => {
    const dataDir = path.join(dir, 'persistent');
    const first = await startEmbeddedRedis({ dataDir });
    const writer = new Redis(first.url);
    await writer.set('sesja:1', 'zalogowany jako Łucja');
    await writer.quit();
    await first.stop();

    const second = await startEmbeddedRedis({ dataDir });
    const reader = new Redis(second.url);
    expect(await reader.get('sesja:1')).toBe('zalogowany jako Łucja');
    await reader.quit();
    await second.stop();
  });

  it('falls back to redis-memory-server when no redis-server is on PATH', async () => {
    const redis = await withEnv({ PATH: path.join(dir, 'empty-bin') }, () => startEmbeddedRedis());
    const client = new Redis(redis.url);
    expect(await client.ping()).toBe('PONG');
    await client.quit();
    await redis.stop();
    expect(await portAnswers(portOf(redis.url))).toBe(false);
  });

  it('says in one line what to do when no Redis can be had', async () => {
    const attempt = withEnv(
      {
        PATH: path.join(dir, 'empty-bin'),
        REDISMS_SYSTEM_BINARY: path.join(dir, 'missing', 'redis-server'),
        REDISMS_DOWNLOAD_DIR: path.join(dir, 'downloads'),
        REDISMS_DOWNLOAD_MIRROR: 'http://127.0.0.1:1',
      },
      () => startEmbeddedRedis(),
    );
    await expect(attempt).rejects.toThrow(NO_REDIS_MESSAGE);
    expect(NO_REDIS_MESSAGE).not.toContain('\n');
  });
});
