import { randomBytes } from 'node:crypto';
import { describe, expect, inject, it } from 'vitest';
import { runEntryPoint } from './test/run-entry-point.ts';
import { testDatabaseUrl } from '@blog/api/testing';

const secrets = () => ({
  SESSION_SECRET: randomBytes(32).toString('base64url'),
  ENCRYPTION_KEY: randomBytes(32).toString('hex'),
});

/** The production processes fail fast with one readable line, never a stack trace. */
describe.each([
  ['api', 'api/src/main.ts'],
  ['worker', 'worker/src/main.ts'],
])('the %s process with a bad environment', (name, file) => {
  const expectOneLine = (stderr: string, pattern: RegExp) => {
    const lines = stderr.trim().split('\n');
    expect(lines).toHaveLength(1);
    expect(lines[0]).toMatch(new RegExp(`^${name}: `));
    expect(lines[0]).toMatch(pattern);
    expect(stderr).not.toMatch(/\n\s+at /);
  };

  it('refuses to start without secrets (no defaults)', async () => {
    const run = await runEntryPoint(file, {
      DATABASE_URL: testDatabaseUrl(),
      REDIS_URL: inject('redisUrl'),
    });
    expect(run.code).toBe(1);
    expectOneLine(run.stderr, /SESSION_SECRET is required/);
  });

  it('names a bad PORT', async () => {
    const run = await runEntryPoint(file, {
      DATABASE_URL: testDatabaseUrl(),
      REDIS_URL: inject('redisUrl'),
      PORT: 'abc',
      ...secrets(),
    });
    expect(run.code).toBe(1);
    expectOneLine(run.stderr, /PORT must be a number/);
  });

  it('says which PostgreSQL does not answer', async () => {
    const run = await runEntryPoint(file, {
      DATABASE_URL: 'postgres://postgres:hunter2@127.0.0.1:1/blog',
      REDIS_URL: inject('redisUrl'),
      LOG_LEVEL: 'silent',
      ...secrets(),
    });
    expect(run.code).toBe(1);
    expectOneLine(run.stderr, /Cannot connect to PostgreSQL at 127\.0\.0\.1:1/);
    expect(run.stderr).not.toContain('hunter2');
  });
});
