import type { MigrationFn } from 'umzug';
import type { MigrationContext } from './index.ts';

/*
 * post_words: each post's words alone (its search_vector stripped of positions and weights), stored
 * in line, for the searches that test posts one by one in the list's order (the admin list's walks:
 * a page of a common search, and a dense search's capped count, which probes about a thousand posts).
 * post_search keeps its vectors out of line to stay narrow for the GIN bitmap's row visits, so each
 * of its probes read a 5.8 kB vector from TOAST (about 7 buffers); here a probe reads one row of about
 * 2.9 kB (3 buffers with the key's index). The walk of „pracy zdalnej” over 10,000 posts: 7,227 →
 * 3,311 buffers, 5.2–5.7 → 2.3–3.0 ms.
 *
 * STORAGE MAIN keeps the words in line (compressed if a long text needs it; out of line only when even
 * that does not fit a page). Kept by the database like post_search, from posts' generated column; a
 * restore refills it as it inserts the posts (a derived table, not in the backup's tables).
 */
const UP = `
CREATE TABLE IF NOT EXISTS post_words (
  id integer PRIMARY KEY REFERENCES posts (id) ON DELETE CASCADE,
  words tsvector
);
ALTER TABLE post_words ALTER COLUMN words SET STORAGE MAIN;

CREATE OR REPLACE FUNCTION blog_post_words_copy() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO post_words (id, words) VALUES (NEW.id, strip(NEW.search_vector))
  ON CONFLICT (id) DO UPDATE SET words = EXCLUDED.words;
  RETURN NULL;
END $$;

DROP TRIGGER IF EXISTS posts_words_copy_insert ON posts;
CREATE TRIGGER posts_words_copy_insert AFTER INSERT ON posts
  FOR EACH ROW EXECUTE FUNCTION blog_post_words_copy();
DROP TRIGGER IF EXISTS posts_words_copy_update ON posts;
CREATE TRIGGER posts_words_copy_update AFTER UPDATE OF title, excerpt, content_text ON posts
  FOR EACH ROW WHEN (OLD.search_vector IS DISTINCT FROM NEW.search_vector)
  EXECUTE FUNCTION blog_post_words_copy();

INSERT INTO post_words (id, words) SELECT id, strip(search_vector) FROM posts
ON CONFLICT (id) DO NOTHING;
ANALYZE post_words;
`;

const DOWN = `
DROP TRIGGER IF EXISTS posts_words_copy_update ON posts;
DROP TRIGGER IF EXISTS posts_words_copy_insert ON posts;
DROP FUNCTION IF EXISTS blog_post_words_copy();
DROP TABLE IF EXISTS post_words;
`;

export const up: MigrationFn<MigrationContext> = async ({ context }) => {
  await context.sequelize.query(UP);
};

export const down: MigrationFn<MigrationContext> = async ({ context }) => {
  await context.sequelize.query(DOWN);
};
