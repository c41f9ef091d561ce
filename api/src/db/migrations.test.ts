import { type Model, type ModelAttributeColumnOptions, type ModelStatic, QueryTypes } from 'sequelize';
import type { Sequelize } from 'sequelize-typescript';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { revertAllMigrations, runMigrations } from './migrate.ts';
import { MIGRATIONS } from './migrations/index.ts';
import { MODELS } from './models.ts';
import { createScratchDatabase, type ScratchDatabase } from './scratch-database.ts';
import { createSequelize } from './sequelize.ts';

interface ColumnInfo {
  table_name: string;
  column_name: string;
  data_type: string;
  character_maximum_length: number | null;
  is_nullable: 'YES' | 'NO';
  column_default: string | null;
  is_generated: 'ALWAYS' | 'NEVER';
}

/** Sequelize type key → information_schema data_type of the column it must map to. */
const SQL_TYPE_BY_KEY: Record<string, string> = {
  INTEGER: 'integer',
  STRING: 'character varying',
  TEXT: 'text',
  BOOLEAN: 'boolean',
  DATE: 'timestamp with time zone',
  DATEONLY: 'date',
  JSONB: 'jsonb',
  UUID: 'uuid',
};

const typeOf = (attribute: ModelAttributeColumnOptions) =>
  attribute.type as unknown as { key: string; options?: { length?: number } };

let database: ScratchDatabase;

beforeAll(async () => {
  database = await createScratchDatabase(inject('adminDatabaseUrl'), 'blog_scratch_migrations');
});

afterAll(async () => {
  await database?.drop();
});

async function tableNames(sequelize: Sequelize): Promise<string[]> {
  // Aliased: Sequelize reshapes results of queries that look like its own "show tables" SQL.
  const rows = await sequelize.query<{ name: string }>(
    `SELECT t.table_name AS name FROM information_schema.tables t WHERE t.table_schema = 'public' ORDER BY 1`,
    { type: QueryTypes.SELECT },
  );
  return rows.map((row) => row.name);
}

describe('migrations', () => {
  it('apply to an empty database, then find nothing left to do', async () => {
    expect(await runMigrations(database.url)).toEqual(MIGRATIONS.map((migration) => migration.name));
    expect(await runMigrations(database.url)).toEqual([]);
  });

  it('create a schema that matches every registered model', async () => {
    const sequelize = createSequelize(database.url, { poolMax: 2 });
    try {
      const [rows] = await sequelize.query(
        `SELECT table_name, column_name, data_type, character_maximum_length, is_nullable, column_default, is_generated
           FROM information_schema.columns WHERE table_schema = 'public'`,
      );
      const columns = rows as ColumnInfo[];
      const problems: string[] = [];

      for (const model of MODELS) {
        const table = model.getTableName() as string;
        const tableColumns = new Map(
          columns
            .filter((column) => column.table_name === table)
            .map((column) => [column.column_name, column]),
        );
        if (tableColumns.size === 0) {
          problems.push(`${model.name}: table ${table} is missing`);
          continue;
        }
        // The union of the 13 model classes has no callable getAttributes(); every member is a ModelStatic.
        const attributes: ModelAttributeColumnOptions[] = Object.values(
          (model as unknown as ModelStatic<Model>).getAttributes(),
        );
        const fields = new Set<string>();
        for (const attribute of attributes) {
          const field = attribute.field!;
          fields.add(field);
          const column = tableColumns.get(field);
          const where = `${model.name}.${field}`;
          if (!column) {
            problems.push(`${where}: no such column in ${table}`);
            continue;
          }
          const type = typeOf(attribute);
          if (SQL_TYPE_BY_KEY[type.key] !== column.data_type) {
            problems.push(`${where}: model type ${type.key} but column is ${column.data_type}`);
          }
          if (type.key === 'STRING' && type.options?.length !== column.character_maximum_length) {
            problems.push(
              `${where}: length ${type.options?.length} but column has ${column.character_maximum_length}`,
            );
          }
          const modelNullable = attribute.allowNull !== false && !attribute.primaryKey;
          if (modelNullable !== (column.is_nullable === 'YES')) {
            problems.push(
              `${where}: model allowNull=${modelNullable} but column is_nullable=${column.is_nullable}`,
            );
          }
        }
        for (const column of tableColumns.values()) {
          const required =
            column.is_nullable === 'NO' && column.column_default === null && column.is_generated === 'NEVER';
          if (!required) continue;
          const attribute = attributes.find((candidate) => candidate.field === column.column_name);
          if (attribute?.allowNull !== false || attribute.defaultValue !== undefined) {
            problems.push(
              `${table}.${column.column_name}: NOT NULL without default, but not a required attribute of ${model.name}`,
            );
          }
        }
        // Columns the model does not know must be ones the database fills in itself.
        for (const column of tableColumns.values()) {
          if (
            !fields.has(column.column_name) &&
            column.is_generated === 'NEVER' &&
            column.column_default === null
          ) {
            problems.push(`${table}.${column.column_name}: not a model attribute and has no default`);
          }
        }
      }
      expect(problems).toEqual([]);
      expect(MODELS.length).toBe(13);
    } finally {
      await sequelize.close();
    }
  });

  it('install pg_trgm and the trigram index the admin search relies on, and drop the unused search_text', async () => {
    const sequelize = createSequelize(database.url, { poolMax: 1 });
    try {
      const [extensions] = await sequelize.query(
        `SELECT extname FROM pg_extension WHERE extname = 'pg_trgm'`,
      );
      expect(extensions).toHaveLength(1);
      const [indexes] = await sequelize.query(
        `SELECT indexdef FROM pg_indexes WHERE tablename = 'posts' AND indexname = 'posts_admin_search_text_trgm'`,
      );
      expect((indexes as { indexdef: string }[])[0]?.indexdef).toContain('gin_trgm_ops');
      const [gone] = await sequelize.query(
        `SELECT 1 FROM pg_indexes WHERE indexname = 'posts_search_text_trgm_idx'
         UNION ALL
         SELECT 1 FROM information_schema.columns WHERE table_name = 'posts' AND column_name = 'search_text'`,
      );
      expect(gone).toHaveLength(0);
    } finally {
      await sequelize.close();
    }
  });

  it('revert completely and apply again', async () => {
    const sequelize = createSequelize(database.url, { poolMax: 1 });
    try {
      expect(await revertAllMigrations(database.url)).toEqual(
        MIGRATIONS.map((migration) => migration.name).reverse(),
      );
      expect(await tableNames(sequelize)).toEqual(['schema_migrations']);
      expect(await runMigrations(database.url)).toHaveLength(MIGRATIONS.length);
      expect(await tableNames(sequelize)).toEqual(
        expect.arrayContaining(MODELS.map((model) => model.getTableName() as string)),
      );
    } finally {
      await sequelize.close();
    }
  });

  it('apply once when several processes migrate at the same time', async () => {
    await revertAllMigrations(database.url);
    const results = await Promise.all([1, 2, 3, 4].map(() => runMigrations(database.url)));
    expect(results.flat()).toEqual(MIGRATIONS.map((migration) => migration.name));
  });
});
