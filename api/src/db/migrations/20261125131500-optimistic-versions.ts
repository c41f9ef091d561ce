import type { MigrationFn } from 'umzug';
import type { MigrationContext } from './index.ts';

/*
 * Optimistic concurrency for the staff's whole-object edits: each posts, categories and users row
 * carries a version, 1 at creation and incremented by every update. A save names the version it
 * was loaded at; the one conditional UPDATE (... WHERE version = :loaded) writes nothing when
 * someone saved in between, and the API answers 409. The site settings keep theirs as the
 * settings key `siteSettingsVersion`.
 */
const UP = `
ALTER TABLE posts ADD COLUMN version integer NOT NULL DEFAULT 1 CHECK (version >= 1);
ALTER TABLE categories ADD COLUMN version integer NOT NULL DEFAULT 1 CHECK (version >= 1);
ALTER TABLE users ADD COLUMN version integer NOT NULL DEFAULT 1 CHECK (version >= 1);
`;

const DOWN = `
ALTER TABLE posts DROP COLUMN IF EXISTS version;
ALTER TABLE categories DROP COLUMN IF EXISTS version;
ALTER TABLE users DROP COLUMN IF EXISTS version;
`;

export const up: MigrationFn<MigrationContext> = async ({ context }) => {
  await context.sequelize.query(UP);
};

export const down: MigrationFn<MigrationContext> = async ({ context }) => {
  await context.sequelize.query(DOWN);
};
