import pg from 'pg';

/** The rows of one statement on the database at `url`, on a connection of its own (tests' SQL by hand). */
export async function queryDatabase<T extends pg.QueryResultRow>(
  url: string,
  text: string,
  values: unknown[] = [],
): Promise<T[]> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    return (await client.query<T>(text, values)).rows;
  } finally {
    await client.end();
  }
}
