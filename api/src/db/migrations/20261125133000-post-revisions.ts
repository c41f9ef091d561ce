import type { MigrationFn } from 'umzug';
import type { MigrationContext } from './index.ts';

/*
 * Post revisions: every save of a post (create, edit, restore) keeps a snapshot of what the editor
 * saves, with who saved it and when; the last 50 per post are kept (older ones are pruned in the
 * saving transaction). Categories are kept as ids and tags as names, as the editor holds them.
 */
const UP = `
CREATE TABLE post_revisions (
  id serial PRIMARY KEY,
  post_id integer NOT NULL REFERENCES posts(id) ON DELETE CASCADE,
  title varchar(200) NOT NULL,
  slug varchar(200) NOT NULL,
  excerpt text,
  content text NOT NULL,
  image_url text,
  category_ids integer[] NOT NULL DEFAULT '{}',
  tags text[] NOT NULL DEFAULT '{}',
  published boolean NOT NULL,
  author_id integer REFERENCES users(id) ON DELETE SET NULL,
  created_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX post_revisions_post_id_id ON post_revisions (post_id, id DESC);
CREATE INDEX post_revisions_author_id ON post_revisions (author_id);
`;

const DOWN = `DROP TABLE IF EXISTS post_revisions;`;

export const up: MigrationFn<MigrationContext> = async ({ context }) => {
  await context.sequelize.query(UP);
};

export const down: MigrationFn<MigrationContext> = async ({ context }) => {
  await context.sequelize.query(DOWN);
};
