import type { MigrationFn } from 'umzug';
import type { MigrationContext } from './index.ts';

/*
 * The cover's alternative text: what a screen reader says for the post's image; empty
 * (null) means the title, as before.
 */
const UP = `ALTER TABLE posts ADD COLUMN image_alt text;`;
const DOWN = `ALTER TABLE posts DROP COLUMN IF EXISTS image_alt;`;

export const up: MigrationFn<MigrationContext> = async ({ context }) => {
  await context.sequelize.query(UP);
};

export const down: MigrationFn<MigrationContext> = async ({ context }) => {
  await context.sequelize.query(DOWN);
};
