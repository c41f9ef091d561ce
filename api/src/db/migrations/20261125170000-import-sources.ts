import type { MigrationFn } from 'umzug';
import type { MigrationContext } from './index.ts';

/*
 * Where imported rows came from: one row per object taken from another blog's export,
 * naming the export's site, the kind of object and its id there. A second import of the same file
 * finds every object here and writes nothing. `local_id` points at users, categories, tags, posts
 * or comments by kind, so it has no foreign key; the importer checks the row still exists.
 */
const UP = `
CREATE TABLE import_sources (
  id serial PRIMARY KEY,
  source varchar(300) NOT NULL,
  kind varchar(20) NOT NULL,
  source_id varchar(200) NOT NULL,
  local_id integer NOT NULL,
  created_at timestamptz NOT NULL DEFAULT now(),
  CONSTRAINT import_sources_kind_check CHECK (kind IN ('user', 'category', 'tag', 'post', 'comment')),
  CONSTRAINT import_sources_source_kind_source_id_key UNIQUE (source, kind, source_id)
);
`;

const DOWN = `DROP TABLE IF EXISTS import_sources;`;

export const up: MigrationFn<MigrationContext> = async ({ context }) => {
  await context.sequelize.query(UP);
};

export const down: MigrationFn<MigrationContext> = async ({ context }) => {
  await context.sequelize.query(DOWN);
};
