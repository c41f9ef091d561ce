import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createMigratedScratchDatabase } from '../../test/test-database.ts';
import { PUBLIC_TABLES } from './migrations/20261202030000-public-truncate-notify.ts';
import type { ScratchDatabase } from './scratch-database.ts';

/*
 * A TRUNCATE empties a table without a DELETE's triggers: the public answers that read it must be
 * told all the same. Run on a database of its own: these statements empty whole tables.
 */
const CHANNEL = 'blog_public_content';
let database: ScratchDatabase;
let listener: pg.Client;
let writer: pg.Client;
const received: string[] = [];
let barriers = 0;

/** Every notification committed before now has arrived: ours comes after them (commit order). */
async function settled(): Promise<string[]> {
  const token = `barrier:${++barriers}`;
  const arrived = new Promise<void>((resolve) => {
    const onNotification = (message: pg.Notification) => {
      if (message.payload !== token) return;
      listener.off('notification', onNotification);
      resolve();
    };
    listener.on('notification', onNotification);
  });
  await listener.query(`SELECT pg_notify('${CHANNEL}', '${token}')`);
  await arrived;
  return received.splice(0).filter((payload) => !payload.startsWith('barrier:'));
}

beforeAll(async () => {
  database = await createMigratedScratchDatabase('blog_test_truncate');
  listener = new pg.Client({ connectionString: database.url });
  writer = new pg.Client({ connectionString: database.url });
  await Promise.all([listener.connect(), writer.connect()]);
  listener.on('notification', (message) => received.push(message.payload ?? ''));
  await listener.query(`LISTEN ${CHANNEL}`);
}, 60_000);

afterAll(async () => {
  await Promise.all([listener?.end(), writer?.end()]);
  await database?.drop();
});

describe('TRUNCATE of a table a public answer reads', () => {
  it('covers every table that has a public-content trigger', async () => {
    const { rows } = await writer.query<{ table: string }>(
      `SELECT DISTINCT tgrelid::regclass::text AS table FROM pg_trigger
        WHERE NOT tgisinternal AND tgname LIKE 'blog_public%' ORDER BY 1`,
    );
    expect(rows.map((row) => row.table)).toEqual([...PUBLIC_TABLES].sort());
  });

  it.each(PUBLIC_TABLES)('%s: notifies a whole-site change', async (table) => {
    await settled();
    await writer.query(`TRUNCATE ${table} CASCADE`);
    expect(await settled()).toEqual(['site']);
  });

  it('a TRUNCATE rolled back notifies nothing', async () => {
    await settled();
    await writer.query('BEGIN');
    await writer.query('TRUNCATE comments');
    await writer.query('ROLLBACK');
    expect(await settled()).toEqual([]);
  });
});
