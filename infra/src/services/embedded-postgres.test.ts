import { mkdtemp, readFile, rm, stat } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ensureDatabase, startEmbeddedPostgres } from './embedded-postgres.ts';

async function query<T extends pg.QueryResultRow>(url: string, sql: string): Promise<T[]> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    return (await client.query<T>(sql)).rows;
  } finally {
    await client.end();
  }
}

async function refusesConnections(url: string): Promise<boolean> {
  return query(url, 'SELECT 1').then(
    () => false,
    (error: NodeJS.ErrnoException) => error.code === 'ECONNREFUSED',
  );
}

describe('embedded PostgreSQL', () => {
  let dir: string;
  beforeAll(async () => {
    dir = await mkdtemp(path.join(os.tmpdir(), 'blog-embedded-postgres-'));
  });
  afterAll(async () => {
    await rm(dir, { recursive: true, force: true });
  });

  it('runs a throw-away server that answers queries and removes its folder on stop()', async () => {
    const dataDir = path.join(dir, 'throwaway');
    const server = await startEmbeddedPostgres({ dataDir, persistent: false });
    expect(server.url).toMatch(/^postgres:\/\/postgres:[^@]+@127\.0\.0\.1:\d+\/postgres$/);

    const blogUrl = await ensureDatabase(server.url, 'blog');
    expect(await ensureDatabase(server.url, 'blog')).toBe(blogUrl);
    const [row] = await query<{ db: string; folded: string; fsync: string }>(
      blogUrl,
      "SELECT current_database() AS db, lower('ŻÓŁĆ') AS folded, current_setting('fsync') AS fsync",
    );
    expect(row).toEqual({ db: 'blog', folded: 'żółć', fsync: 'off' });

    await server.stop();
    expect(await refusesConnections(server.url)).toBe(true);
    await expect(stat(dataDir)).rejects.toThrow();
  });

  it('keeps tables and its password across restarts when persistent', async () => {
    const dataDir = path.join(dir, 'persistent');
    const first = await startEmbeddedPostgres({ dataDir, persistent: true });
    await query(first.url, "CREATE TABLE wpisy (tytul text); INSERT INTO wpisy VALUES ('Źródło')");
    await first.stop();
    const password = (await readFile(path.join(dataDir, 'password'), 'utf8')).trim();
    expect(first.url).toContain(`:${password}@`);

    const second = await startEmbeddedPostgres({ dataDir, persistent: true });
    expect(second.url).toContain(`:${password}@`);
    expect(await query(second.url, 'SELECT tytul FROM wpisy')).toEqual([{ tytul: 'Źródło' }]);
    expect(await query(second.url, "SELECT current_setting('fsync') AS fsync")).toEqual([{ fsync: 'on' }]);
    await second.stop();
  });

  it('starts again after a previous run was killed and left its server running', async () => {
    const dataDir = path.join(dir, 'orphaned');
    const first = await startEmbeddedPostgres({ dataDir, persistent: true });
    await query(first.url, 'CREATE TABLE kept (id int)');
    // No stop(): the folder still holds postmaster.pid of a live server, as after `kill -9` of npm start.

    const second = await startEmbeddedPostgres({ dataDir, persistent: true });
    expect(await refusesConnections(first.url)).toBe(true);
    expect(await query(second.url, 'SELECT count(*)::int AS n FROM kept')).toEqual([{ n: 0 }]);
    await second.stop();
    await first.stop().catch(() => {});
  });
});
