import type { MigrationFn } from 'umzug';
import type { MigrationContext } from './index.ts';

/*
 * The admin panel's server-side lists: each sort has an index that also gives its
 * tie-breaker (id), so a page is an index walk; searches are substring matches (LIKE '%…%') served
 * by trigram indexes (pg_trgm is created by 0001). The expressions must stay exactly those of the
 * list queries (admin-lists.sql.ts), or the planner cannot use them.
 */
const UP = `
CREATE INDEX posts_created_at_id ON posts (created_at, id);
CREATE INDEX posts_updated_at_id ON posts (updated_at, id);
CREATE INDEX posts_title_id ON posts (title, id);
CREATE INDEX posts_admin_search_trgm ON posts
  USING gin ((lower(title || ' ' || slug || ' ' || coalesce(excerpt, ''))) gin_trgm_ops);
CREATE INDEX tags_name_lower_trgm ON tags USING gin ((lower(name)) gin_trgm_ops);
CREATE INDEX user_subscriptions_created_at_id ON user_subscriptions (created_at, id);
CREATE INDEX user_subscriptions_email_lower_id ON user_subscriptions (lower(email), id);
CREATE INDEX user_subscriptions_active_created_at_id ON user_subscriptions (active, created_at, id);
CREATE INDEX user_subscriptions_email_lower_trgm ON user_subscriptions USING gin ((lower(email)) gin_trgm_ops);
`;

const DOWN = `
DROP INDEX IF EXISTS user_subscriptions_email_lower_trgm;
DROP INDEX IF EXISTS user_subscriptions_active_created_at_id;
DROP INDEX IF EXISTS user_subscriptions_email_lower_id;
DROP INDEX IF EXISTS user_subscriptions_created_at_id;
DROP INDEX IF EXISTS tags_name_lower_trgm;
DROP INDEX IF EXISTS posts_admin_search_trgm;
DROP INDEX IF EXISTS posts_title_id;
DROP INDEX IF EXISTS posts_updated_at_id;
DROP INDEX IF EXISTS posts_created_at_id;
`;

export const up: MigrationFn<MigrationContext> = async ({ context }) => {
  await context.sequelize.query(UP);
};

export const down: MigrationFn<MigrationContext> = async ({ context }) => {
  await context.sequelize.query(DOWN);
};
