import pg from 'pg';

/**
 * What `npm run export` holds of each table, for comparing two blogs row by row: which rows (the
 * WHERE), and what names a row across blogs (ids differ after an import, so every reference to
 * another row is replaced by that row's name: a post by its slug, an author by username, a category
 * or tag by name). Every column the table has is compared unless `differ` names it, so a column
 * added later fails the comparison until the export carries it or it is listed there.
 */
export interface ExportedTable {
  where: string;
  /** Columns that name another row: column → the table it points to. */
  references?: Record<string, 'users' | 'posts' | 'categories' | 'tags'>;
  /** Columns that deliberately differ after an import, each with why. */
  differ: Record<string, string>;
}

const NAME_OF = { users: 'username', posts: 'slug', categories: 'name', tags: 'name' } as const;

type Row = Record<string, unknown>;

/** The table's columns, as PostgreSQL lists them. */
export async function columnsOf(client: pg.Client, table: string): Promise<string[]> {
  const { rows } = await client.query<{ column_name: string }>(
    `SELECT column_name FROM information_schema.columns
      WHERE table_schema = 'public' AND table_name = $1 ORDER BY ordinal_position`,
    [table],
  );
  return rows.map((row) => row.column_name);
}

/**
 * Every exported row of every table of `tables`, all columns but the differing ones, references
 * replaced by names, in a stable order: equal for two blogs that hold the same content.
 */
export async function exportedRows(
  databaseUrl: string,
  tables: Record<string, ExportedTable>,
): Promise<Record<string, Row[]>> {
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  try {
    const names: Record<string, Map<number, unknown>> = {};
    for (const [table, column] of Object.entries(NAME_OF)) {
      const { rows } = await client.query<{ id: number; name: unknown }>(
        `SELECT id, ${column} AS name FROM ${table}`,
      );
      names[table] = new Map(rows.map((row) => [row.id, row.name]));
    }
    const result: Record<string, Row[]> = {};
    for (const [table, spec] of Object.entries(tables)) {
      const all = await columnsOf(client, table);
      const stale = Object.keys(spec.differ).filter((column) => !all.includes(column));
      if (stale.length > 0) throw new Error(`${table} has no column ${stale.join(', ')}`);
      const columns = all.filter((column) => !(column in spec.differ));
      const { rows } = await client.query<Row>(
        `SELECT ${columns.map((column) => client.escapeIdentifier(column)).join(', ')}
           FROM ${client.escapeIdentifier(table)} WHERE ${spec.where}`,
      );
      result[table] = rows
        .map((row) => {
          for (const [column, target] of Object.entries(spec.references ?? {}))
            if (row[column] !== null) row[column] = names[target]!.get(row[column] as number);
          return row;
        })
        .sort((a, b) => JSON.stringify(a).localeCompare(JSON.stringify(b)));
    }
    return result;
  } finally {
    await client.end();
  }
}

/** Every table with a foreign key to one of `tables` (PostgreSQL's own list of constraints). */
export async function tablesReferencing(databaseUrl: string, tables: string[]): Promise<string[]> {
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  try {
    const { rows } = await client.query<{ table_name: string }>(
      `SELECT DISTINCT tc.table_name
         FROM information_schema.table_constraints tc
         JOIN information_schema.constraint_column_usage ccu
           ON ccu.constraint_name = tc.constraint_name AND ccu.table_schema = tc.table_schema
        WHERE tc.constraint_type = 'FOREIGN KEY' AND tc.table_schema = 'public'
          AND ccu.table_name = ANY($1::text[])
        ORDER BY 1`,
      [tables],
    );
    return rows.map((row) => row.table_name);
  } finally {
    await client.end();
  }
}
