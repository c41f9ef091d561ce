import type { MigrationFn } from 'umzug';
import type { MigrationContext } from './index.ts';

/*
 * Old slugs of posts readers have seen: /post/<old> and /api/posts/<old> answer 301 to the post's
 * current slug. A row names the post, not the next slug, so chains collapse by themselves; a post
 * that takes an old slug removes its row (the slug then means that post again).
 */
const UP = `
CREATE TABLE post_slug_redirects (
  old_slug varchar(200) PRIMARY KEY,
  post_id integer NOT NULL REFERENCES posts(id) ON DELETE CASCADE,
  created_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX post_slug_redirects_post_id ON post_slug_redirects (post_id);
`;

const DOWN = `DROP TABLE IF EXISTS post_slug_redirects;`;

export const up: MigrationFn<MigrationContext> = async ({ context }) => {
  await context.sequelize.query(UP);
};

export const down: MigrationFn<MigrationContext> = async ({ context }) => {
  await context.sequelize.query(DOWN);
};
