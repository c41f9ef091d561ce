import { createReadStream, createWriteStream } from 'node:fs';
import { mkdir } from 'node:fs/promises';
import path from 'node:path';
import { createInterface } from 'node:readline';
import pg from 'pg';
import { runMigrations } from '@blog/api/database';
import { runProgram } from '../services/child-process.ts';

/**
 * `pg_dump-custom`: one `database.dump` made by a pg_dump at least as new as the server (custom
 * format, restored by pg_restore). `json-tables`: when no such pg_dump exists (the embedded
 * PostgreSQL 18 of `npm start` ships no client tools), one `database/<table>.ndjson` per table,
 * restored into the schema the migrations rebuild at the archive's version.
 */
export type DumpFormat = 'pg_dump-custom' | 'json-tables';

const withClient = async <T>(url: string, work: (client: pg.Client) => Promise<T>): Promise<T> => {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    return await work(client);
  } finally {
    await client.end();
  }
};

/**
 * Tables the database fills from others by itself (triggers), so a restore rebuilds them as it
 * inserts their sources: the search's vocabulary comes from the posts' words, post_search copies the
 * posts' search columns, post_words their words.
 */
export const DERIVED_TABLES: readonly string[] = ['search_words', 'post_search', 'post_words'];

/**
 * Every table of the blog's schema but the derived ones, parents before children (foreign keys),
 * schema_migrations last.
 */
export async function blogTables(client: pg.Client): Promise<string[]> {
  const tables = (
    await client.query<{ name: string }>(
      "SELECT tablename AS name FROM pg_tables WHERE schemaname = 'public' ORDER BY tablename",
    )
  ).rows
    .map((row) => row.name)
    .filter((name) => !DERIVED_TABLES.includes(name));
  const edges = (
    await client.query<{ child: string; parent: string }>(
      `SELECT c.conrelid::regclass::text AS child, c.confrelid::regclass::text AS parent
         FROM pg_constraint c JOIN pg_namespace n ON n.oid = c.connamespace
        WHERE c.contype = 'f' AND n.nspname = 'public' AND c.conrelid <> c.confrelid`,
    )
  ).rows;
  const ordered: string[] = [];
  const visit = (table: string, seen: Set<string>) => {
    if (ordered.includes(table) || seen.has(table)) return;
    seen.add(table);
    for (const edge of edges) if (edge.child === table) visit(edge.parent, seen);
    ordered.push(table);
  };
  for (const table of tables) visit(table, new Set());
  return ordered;
}

/** Rows per table (schema_migrations included: it is the schema version). */
export async function countRows(url: string): Promise<Record<string, number>> {
  return withClient(url, async (client) => {
    const counts: Record<string, number> = {};
    for (const table of await blogTables(client)) {
      const result = await client.query<{ n: string }>(
        `SELECT count(*) AS n FROM ${client.escapeIdentifier(table)}`,
      );
      counts[table] = Number(result.rows[0]!.n);
    }
    return counts;
  });
}

/** The newest applied migration: the schema version a backup was taken at. */
export async function schemaVersion(url: string): Promise<string | null> {
  return withClient(url, async (client) => {
    const present = await client.query<{ ok: boolean }>(
      "SELECT to_regclass('schema_migrations') IS NOT NULL AS ok",
    );
    if (!present.rows[0]?.ok) return null;
    const result = await client.query<{ name: string }>(
      'SELECT name FROM schema_migrations ORDER BY name DESC LIMIT 1',
    );
    return result.rows[0]?.name ?? null;
  });
}

const majorOf = (version: string) => Number(/(\d+)/.exec(version)?.[1] ?? 0);

/** A pg_dump / pg_restore on PATH whose major version is at least the server's, or null. */
export async function pgToolFor(url: string, tool: 'pg_dump' | 'pg_restore'): Promise<string | null> {
  const serverMajor = await withClient(
    url,
    async (client) =>
      (
        await client.query<{ major: number }>(
          "SELECT current_setting('server_version_num')::int / 10000 AS major",
        )
      ).rows[0]!.major,
  );
  const found = await runProgram(tool, ['--version']).catch(() => null);
  if (!found || found.code !== 0) return null;
  return majorOf(found.stdout.replace(/^\D+/, '')) >= serverMajor ? tool : null;
}

/** Dumps the database into `dir`; returns the format and the files written (relative to `dir`). */
export async function dumpDatabase(
  url: string,
  dir: string,
  onTable: (table: string) => void = () => {},
  /** Tests take both paths; otherwise pg_dump whenever a matching one exists. */
  only?: DumpFormat,
): Promise<{ format: DumpFormat; files: string[] }> {
  const pgDump = only === 'json-tables' ? null : await pgToolFor(url, 'pg_dump');
  if (pgDump) {
    const result = await runProgram(pgDump, [
      '--format=custom',
      '--no-owner',
      '--no-privileges',
      '--file',
      path.join(dir, 'database.dump'),
      url,
    ]);
    if (result.code !== 0) throw new Error(`pg_dump failed: ${result.stderr.trim()}`);
    return { format: 'pg_dump-custom', files: ['database.dump'] };
  }
  await mkdir(path.join(dir, 'database'), { recursive: true });
  return withClient(url, async (client) => {
    const files: string[] = [];
    // One snapshot for every table, so the rows agree with each other.
    await client.query('BEGIN ISOLATION LEVEL REPEATABLE READ READ ONLY');
    for (const table of await blogTables(client)) {
      onTable(table);
      const file = `database/${table}.ndjson`;
      const out = createWriteStream(path.join(dir, file));
      const name = client.escapeIdentifier(table);
      const cursorName = `dump_${table}`;
      await client.query(
        `DECLARE ${client.escapeIdentifier(cursorName)} NO SCROLL CURSOR FOR SELECT row_to_json(t)::text AS row FROM ${name} t`,
      );
      for (;;) {
        const page = await client.query<{ row: string }>(
          `FETCH 2000 FROM ${client.escapeIdentifier(cursorName)}`,
        );
        if (page.rows.length === 0) break;
        if (!out.write(`${page.rows.map((r) => r.row).join('\n')}\n`))
          await new Promise<void>((resolve) => out.once('drain', () => resolve()));
      }
      await new Promise<void>((resolve, reject) =>
        out.end((err?: Error | null) => (err ? reject(err) : resolve())),
      );
      files.push(file);
    }
    await client.query('COMMIT');
    return { format: 'json-tables', files };
  });
}

/** Empties the target: every object of the public schema goes (a forced restore). */
export async function wipeDatabase(url: string): Promise<void> {
  await withClient(url, (client) => client.query('DROP SCHEMA public CASCADE; CREATE SCHEMA public;'));
}

/** Restores what dumpDatabase wrote into an empty database (then newer migrations run). */
export async function restoreDatabase(
  url: string,
  dir: string,
  dump: { format: DumpFormat; files: string[]; schemaVersion: string },
  onTable: (table: string) => void = () => {},
): Promise<void> {
  if (dump.format === 'pg_dump-custom') {
    const pgRestore = await pgToolFor(url, 'pg_restore');
    if (!pgRestore)
      throw new Error(
        'The archive holds a pg_dump dump, but no pg_restore at least as new as the server is on PATH.',
      );
    await wipeDatabase(url);
    const result = await runProgram(pgRestore, [
      '--no-owner',
      '--no-privileges',
      '--exit-on-error',
      '--dbname',
      url,
      path.join(dir, 'database.dump'),
    ]);
    if (result.code !== 0) throw new Error(`pg_restore failed: ${result.stderr.trim()}`);
    return;
  }
  await wipeDatabase(url);
  await runMigrations(url, { to: dump.schemaVersion });
  await withClient(url, async (client) => {
    await client.query('BEGIN');
    const tables = await blogTables(client);
    // The migrations wrote their own schema_migrations rows; the archive's replace them.
    // The derived tables too: post_search and post_words refer to posts, and the posts' inserts refill them.
    await client.query(
      `TRUNCATE ${[...tables, ...DERIVED_TABLES].map((t) => client.escapeIdentifier(t)).join(', ')}`,
    );
    for (const table of tables) {
      const file = `database/${table}.ndjson`;
      if (!dump.files.includes(file)) continue;
      onTable(table);
      const name = client.escapeIdentifier(table);
      // Generated columns (a post's search text, word count) are computed again, never inserted.
      const columns = (
        await client.query<{ name: string }>(
          `SELECT column_name AS name FROM information_schema.columns
            WHERE table_schema = 'public' AND table_name = $1 AND is_generated = 'NEVER' ORDER BY ordinal_position`,
          [table],
        )
      ).rows
        .map((column) => client.escapeIdentifier(column.name))
        .join(', ');
      let rows: string[] = [];
      const flush = async () => {
        if (rows.length === 0) return;
        await client.query(
          `INSERT INTO ${name} (${columns}) SELECT ${columns} FROM json_populate_recordset(NULL::${name}, $1::json)`,
          [`[${rows.join(',')}]`],
        );
        rows = [];
      };
      for await (const line of createInterface({
        input: createReadStream(path.join(dir, file)),
        crlfDelay: Infinity,
      })) {
        if (!line) continue;
        rows.push(line);
        if (rows.length >= 1000) await flush();
      }
      await flush();
    }
    // Serial columns continue after the restored ids.
    const sequences = await client.query<{ tbl: string; col: string; seq: string }>(
      `SELECT c.table_name AS tbl, c.column_name AS col, pg_get_serial_sequence(quote_ident(c.table_name), c.column_name) AS seq
         FROM information_schema.columns c
        WHERE c.table_schema = 'public' AND pg_get_serial_sequence(quote_ident(c.table_name), c.column_name) IS NOT NULL`,
    );
    for (const { tbl, col, seq } of sequences.rows) {
      await client.query(
        `SELECT setval($1, coalesce((SELECT max(${client.escapeIdentifier(col)}) FROM ${client.escapeIdentifier(tbl)}), 0) + 1, false)`,
        [seq],
      );
    }
    await client.query('COMMIT');
  });
}
