import pg from 'pg';
import { describe, expect, it } from 'vitest';
import { connectionFailureMessage } from './connection-failure.ts';

describe('connectionFailureMessage', () => {
  it('names host, port and a readable reason, never the password', async () => {
    const url = 'postgres://blog:hunter2@127.0.0.1:1/blog';
    const client = new pg.Client({ connectionString: url });
    const error = await client.connect().catch((err: unknown) => err);
    const message = connectionFailureMessage('PostgreSQL', url, error);
    expect(message).toBe('Cannot connect to PostgreSQL at 127.0.0.1:1: connection refused');
    expect(message).not.toContain('hunter2');
  });

  it('uses the default port and the error code a Sequelize error wraps', () => {
    const wrapped = { name: 'SequelizeConnectionError', message: 'x', parent: { code: '3D000' } };
    expect(connectionFailureMessage('PostgreSQL', 'postgres://db.local/blog', wrapped)).toBe(
      'Cannot connect to PostgreSQL at db.local:5432: database does not exist',
    );
    expect(connectionFailureMessage('Redis', 'redis://cache.local', 'no answer')).toBe(
      'Cannot connect to Redis at cache.local:6379: no answer',
    );
  });
});
