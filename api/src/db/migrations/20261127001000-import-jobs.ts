import type { MigrationFn } from 'umzug';
import type { MigrationContext } from './index.ts';

/*
 * Imports started in the panel: one row per uploaded file, run by the worker. The
 * partial unique index lets only one import be queued or running at a time (a second upload is a
 * 409, decided by the database, not by a read-then-write race). `staged_file` names the upload in
 * DATA_DIR/imports until the job is over; `report` is what the import did (ImportReport).
 */
const UP = `
CREATE TABLE import_jobs (
  id serial PRIMARY KEY,
  status varchar(10) NOT NULL DEFAULT 'queued',
  kind varchar(20) NOT NULL,
  file_name varchar(255) NOT NULL,
  file_size bigint NOT NULL,
  staged_file varchar(100),
  stage varchar(20) NOT NULL DEFAULT 'queued',
  done integer NOT NULL DEFAULT 0,
  total integer NOT NULL DEFAULT 0,
  report jsonb,
  error varchar(2000),
  user_id integer REFERENCES users(id) ON DELETE SET NULL,
  created_at timestamptz NOT NULL DEFAULT now(),
  started_at timestamptz,
  finished_at timestamptz,
  CONSTRAINT import_jobs_status_check CHECK (status IN ('queued', 'running', 'done', 'failed')),
  CONSTRAINT import_jobs_kind_check CHECK (kind IN ('wordpress', 'ghost', 'blog', 'blog-zip')),
  CONSTRAINT import_jobs_stage_check CHECK (stage IN ('queued', 'reading', 'posts', 'finished'))
);
CREATE UNIQUE INDEX import_jobs_one_active ON import_jobs ((true)) WHERE status IN ('queued', 'running');
CREATE INDEX import_jobs_created_at ON import_jobs (created_at DESC);
`;

const DOWN = `DROP TABLE IF EXISTS import_jobs;`;

export const up: MigrationFn<MigrationContext> = async ({ context }) => {
  await context.sequelize.query(UP);
};

export const down: MigrationFn<MigrationContext> = async ({ context }) => {
  await context.sequelize.query(DOWN);
};
