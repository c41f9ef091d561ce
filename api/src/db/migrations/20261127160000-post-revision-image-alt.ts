import type { MigrationFn } from 'umzug';
import type { MigrationContext } from './index.ts';

/*
 * Revisions keep the cover's alternative text like they keep the SEO fields, so restoring
 * an older revision brings its alt back with its cover. Null in revisions recorded before this column.
 */
const UP = `ALTER TABLE post_revisions ADD COLUMN image_alt text;`;
const DOWN = `ALTER TABLE post_revisions DROP COLUMN IF EXISTS image_alt;`;

export const up: MigrationFn<MigrationContext> = async ({ context }) => {
  await context.sequelize.query(UP);
};

export const down: MigrationFn<MigrationContext> = async ({ context }) => {
  await context.sequelize.query(DOWN);
};
