import { randomBytes } from 'node:crypto';
import pg from 'pg';

export interface ScratchDatabase {
  url: string;
  name: string;
  /** Drops the database (closing any connection left to it); safe to call twice. */
  drop(): Promise<void>;
}

async function adminQuery(adminUrl: string, sql: string): Promise<void> {
  const client = new pg.Client({ connectionString: adminUrl, connectionTimeoutMillis: 5000 });
  await client.connect();
  try {
    await client.query(sql);
  } finally {
    await client.end();
  }
}

/**
 * An empty database `<prefix>_<time>_<random>` of its own on the server of `adminUrl`: a test run,
 * a test that needs the whole database (migrations, seeding) or a benchmark, never sharing data.
 * With `template` (a database nobody is connected to) it starts as a copy of that one instead; with
 * `icuLocale` (e.g. 'pl-PL') it is an empty one whose text sorts by that ICU collation.
 */
export async function createScratchDatabase(
  adminUrl: string,
  prefix: string,
  template?: string,
  icuLocale?: string,
): Promise<ScratchDatabase> {
  const name = `${prefix}_${Date.now().toString(36)}_${randomBytes(3).toString('hex')}`;
  const from = icuLocale
    ? ` TEMPLATE template0 LOCALE_PROVIDER icu ICU_LOCALE '${icuLocale.replace(/'/g, "''")}'`
    : template
      ? ` TEMPLATE "${template}"`
      : '';
  await adminQuery(adminUrl, `CREATE DATABASE "${name}"${from}`);
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  let dropped = false;
  return {
    url: url.toString(),
    name,
    async drop() {
      if (dropped) return;
      dropped = true;
      await adminQuery(adminUrl, `DROP DATABASE IF EXISTS "${name}" WITH (FORCE)`);
    },
  };
}
