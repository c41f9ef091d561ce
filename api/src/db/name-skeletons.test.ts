// The migration that stores account names' confusable skeletons (20261129120000-name-skeletons) on a
// database that already holds accounts, two of which look alike: both keep their names, the older one
// holds the skeleton, and from then on neither can be imitated.
import type pg from 'pg';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { queryDatabase } from '../../test/sql.ts';
import { runMigrations } from './migrate.ts';
import { MIGRATIONS } from './migrations/index.ts';
import { createScratchDatabase, type ScratchDatabase } from './scratch-database.ts';

const SKELETONS = '20261129120000-name-skeletons';
const BEFORE = MIGRATIONS[MIGRATIONS.findIndex((m) => m.name === SKELETONS) - 1]!.name;

let database: ScratchDatabase;
const sql = <T extends pg.QueryResultRow>(text: string, values: unknown[] = []) =>
  queryDatabase<T>(database.url, text, values);

beforeAll(async () => {
  database = await createScratchDatabase(inject('adminDatabaseUrl'), 'blog_test_skeletons');
  await runMigrations(database.url, { to: BEFORE });
});
afterAll(async () => {
  await database?.drop();
});

describe('migration 20261129120000-name-skeletons', () => {
  it('backfills every account; of look-alikes stored before, the oldest holds the skeleton; new ones are refused', async () => {
    // 'ola' and 'оla' (a Cyrillic „о”) were both allowed before the rule.
    await sql(
      `INSERT INTO users (username, password_hash, display_name) VALUES
         ('ola', 'x', 'Ola Nowak'), ('\u043Ela', 'x', NULL), ('Piotr', 'x', '  ')`,
    );
    expect(await runMigrations(database.url, { to: SKELETONS })).toEqual([SKELETONS]);
    const rows = await sql<{
      username: string;
      username_skeleton: string | null;
      display_name_skeleton: string | null;
    }>('SELECT username, username_skeleton, display_name_skeleton FROM users ORDER BY id');
    expect(rows).toEqual([
      { username: 'ola', username_skeleton: 'ola', display_name_skeleton: 'ola nowak' },
      { username: '\u043Ela', username_skeleton: null, display_name_skeleton: null },
      { username: 'Piotr', username_skeleton: 'piotr', display_name_skeleton: null },
    ]);
    // The unique index holds: a third look-alike cannot be stored, whoever writes it.
    await expect(
      sql("INSERT INTO users (username, password_hash, username_skeleton) VALUES ('0la', 'x', 'ola')"),
    ).rejects.toThrow(/users_username_skeleton_key/);
  });
});
