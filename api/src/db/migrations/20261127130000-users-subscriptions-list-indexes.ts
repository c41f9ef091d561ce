import type { MigrationFn } from 'umzug';
import type { MigrationContext } from './index.ts';

/*
 * The users and subscriptions lists on the server, beside the indexes of 20261127003000:
 * trigram indexes for the users search (username, display name, e-mail: one each, so the OR of the
 * three is a bitmap of index scans) and a partial index for the subscriptions still waiting for
 * their confirmation, a handful among 100,000, which the status filter would otherwise find by
 * walking every row. The expressions must stay exactly those of admin-users.list.ts and
 * admin-subscriptions.list.ts. Plain CREATE INDEX like 20261127003000: migrations run in a
 * transaction before the API serves, so the short lock of a build at this size is harmless.
 */
const UP = `
CREATE INDEX users_username_lower_trgm ON users USING gin ((lower(username)) gin_trgm_ops);
CREATE INDEX users_display_name_lower_trgm ON users USING gin ((lower(display_name)) gin_trgm_ops);
CREATE INDEX users_email_lower_trgm ON users USING gin ((lower(email)) gin_trgm_ops);
CREATE INDEX user_subscriptions_waiting_created_at_id ON user_subscriptions (created_at, id)
  WHERE NOT active AND confirmation_expires_at IS NOT NULL;
`;

const DOWN = `
DROP INDEX IF EXISTS user_subscriptions_waiting_created_at_id;
DROP INDEX IF EXISTS users_email_lower_trgm;
DROP INDEX IF EXISTS users_display_name_lower_trgm;
DROP INDEX IF EXISTS users_username_lower_trgm;
`;

export const up: MigrationFn<MigrationContext> = async ({ context }) => {
  await context.sequelize.query(UP);
};

export const down: MigrationFn<MigrationContext> = async ({ context }) => {
  await context.sequelize.query(DOWN);
};
