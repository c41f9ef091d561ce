import type { MigrationFn } from 'umzug';
import type { MigrationContext } from './index.ts';

/*
 * posts.search_text (the first schema's lower-cased title, excerpt and text, stored) and its trigram
 * index: read by no query since the Polish search (search_folded, search_vector, search_head) and the
 * admin list's own column (admin_search_text) replaced them, yet written on every save. Measured on
 * 10,000 posts: about 1.3 ms of each body update, and 27 MB of index beside the column itself.
 * Dropping a column only marks it dropped (no rewrite of the table).
 */
const UP = `
DROP INDEX IF EXISTS posts_search_text_trgm_idx;
ALTER TABLE posts DROP COLUMN IF EXISTS search_text;
`;

const DOWN = `
ALTER TABLE posts ADD COLUMN IF NOT EXISTS search_text text GENERATED ALWAYS AS (
  lower(title || ' ' || coalesce(excerpt, '') || ' ' || content_text)
) STORED;
CREATE INDEX IF NOT EXISTS posts_search_text_trgm_idx ON posts USING gin (search_text gin_trgm_ops);
`;

export const up: MigrationFn<MigrationContext> = async ({ context }) => {
  await context.sequelize.query(UP);
};

export const down: MigrationFn<MigrationContext> = async ({ context }) => {
  await context.sequelize.query(DOWN);
};
