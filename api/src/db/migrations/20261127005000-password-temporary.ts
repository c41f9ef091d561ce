import type { MigrationFn } from 'umzug';
import type { MigrationContext } from './index.ts';

/*
 * Whether the account's password is a temporary one an admin issued: the first sign-in with
 * it greets the user („Witaj”) and asks for a new password; the user's own change or a reset clears it.
 */
const UP = `ALTER TABLE users ADD COLUMN password_temporary boolean NOT NULL DEFAULT false;`;
const DOWN = `ALTER TABLE users DROP COLUMN IF EXISTS password_temporary;`;

export const up: MigrationFn<MigrationContext> = async ({ context }) => {
  await context.sequelize.query(UP);
};

export const down: MigrationFn<MigrationContext> = async ({ context }) => {
  await context.sequelize.query(DOWN);
};
