import type { MigrationFn } from 'umzug';
import type { MigrationContext } from './index.ts';

/*
 * Double opt-in: a subscription waiting for its address's confirmation is inactive with
 * `confirmation_expires_at` set; the worker stores the SHA-256 of the e-mailed token, never the token.
 * The hash stays after confirming, so a second click on the same link still answers success.
 */
const UP = `
ALTER TABLE user_subscriptions ADD COLUMN confirmation_token_hash varchar(64);
ALTER TABLE user_subscriptions ADD COLUMN confirmation_expires_at timestamptz;
CREATE UNIQUE INDEX user_subscriptions_confirmation_token_hash
  ON user_subscriptions (confirmation_token_hash) WHERE confirmation_token_hash IS NOT NULL;
`;

const DOWN = `
DROP INDEX IF EXISTS user_subscriptions_confirmation_token_hash;
ALTER TABLE user_subscriptions DROP COLUMN IF EXISTS confirmation_expires_at;
ALTER TABLE user_subscriptions DROP COLUMN IF EXISTS confirmation_token_hash;
`;

export const up: MigrationFn<MigrationContext> = async ({ context }) => {
  await context.sequelize.query(UP);
};

export const down: MigrationFn<MigrationContext> = async ({ context }) => {
  await context.sequelize.query(DOWN);
};
