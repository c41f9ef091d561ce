import { describe, expect, it } from 'vitest';
import { createRedis, redisVersionProblem, requireRedisVersion, waitForRedis } from './redis.ts';
import { loggerFor } from './logger.ts';

const URL_ = 'redis://:secret@cache.local:6380/0';
const info = (version: string) => `# Server\r\nredis_version:${version}\r\nredis_mode:standalone\r\n`;

describe('the Redis version check at start-up', () => {
  it('refuses a Redis older than 6.2 in one line naming host and versions, never the password', () => {
    for (const version of ['6.0.16', '5.0.14', '6.1.0']) {
      const problem = redisVersionProblem(info(version), URL_);
      expect(problem).toBe(
        `Redis at cache.local:6380 is ${version.split('.').slice(0, 2).join('.')}; the blog needs Redis 6.2 or newer (sessions use GETEX)`,
      );
      expect(problem).not.toContain('secret');
    }
  });

  it('accepts 6.2 and newer, and a server that names no version', () => {
    for (const version of ['6.2.0', '6.2.14', '7.0.15', '7.4.1', '10.0.0'])
      expect(redisVersionProblem(info(version), URL_)).toBeUndefined();
    expect(redisVersionProblem('# Server\r\n', URL_)).toBeUndefined();
  });

  it('passes against the Redis the tests run on', async () => {
    const url = process.env.TEST_REDIS_URL ?? 'redis://127.0.0.1:6379';
    const client = createRedis(url, 'app', loggerFor('app'));
    try {
      await waitForRedis(client, url);
      await expect(requireRedisVersion(client, url)).resolves.toBeUndefined();
    } finally {
      client.disconnect();
    }
  });
});
