import type { MigrationFn } from 'umzug';
import type { MigrationContext } from './index.ts';

/*
 * post_search: a narrow copy of each post's search columns, one row per post, kept by triggers on
 * posts. A common word matches thousands of posts, and the search's index lookups must visit every
 * match's row (a GIN bitmap has no index-only scan): on posts those rows are wide (the text, its folded
 * copy, the admin search text), 2,085 pages for one query at 10,000 posts. Here the vectors lie out of
 * line (toast_tuple_target = 128; no lookup reads them from the row, the GIN index answers), and the
 * rows of 10,000 posts fill 134 pages (716 with the vectors inline). The counted page of „pracy
 * zdalnej” took 25 ms on posts and 15 ms here with the vectors inline.
 *
 * posts' generated columns stay the definition (search_vector, search_head, search_words_exact); this
 * table only copies them, with the title's own vector (posts_search_title's expression, whose index is
 * replaced by title_vector's). Its visibility flags copy posts.published and posts.in_visible_category
 * (themselves kept by triggers) and, like them, only choose among posts: a row shown to a reader is
 * tested against the tables. db/sql-truths.test.ts holds the copy equal to posts after every kind of
 * write. A restore refills it as it inserts the posts (a derived table, not in the backup's tables).
 */
const UP = `
CREATE TABLE IF NOT EXISTS post_search (
  id integer PRIMARY KEY REFERENCES posts (id) ON DELETE CASCADE,
  created_at timestamptz NOT NULL,
  published boolean NOT NULL,
  in_visible_category boolean NOT NULL,
  search_words_exact boolean,
  search_vector tsvector,
  search_head tsvector,
  title_vector tsvector
) WITH (toast_tuple_target = 128);

CREATE OR REPLACE FUNCTION blog_post_search_copy() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO post_search (id, created_at, published, in_visible_category, search_words_exact,
                           search_vector, search_head, title_vector)
  VALUES (NEW.id, NEW.created_at, NEW.published, NEW.in_visible_category, NEW.search_words_exact,
          NEW.search_vector, NEW.search_head, to_tsvector('simple'::regconfig, blog_fold(NEW.title)))
  ON CONFLICT (id) DO UPDATE SET
    created_at = EXCLUDED.created_at,
    published = EXCLUDED.published,
    in_visible_category = EXCLUDED.in_visible_category,
    search_words_exact = EXCLUDED.search_words_exact,
    search_vector = EXCLUDED.search_vector,
    search_head = EXCLUDED.search_head,
    title_vector = EXCLUDED.title_vector;
  RETURN NULL;
END $$;

-- A change of the flags alone (a category shown or hidden moves many posts) copies them alone.
CREATE OR REPLACE FUNCTION blog_post_search_flags() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE post_search
     SET created_at = NEW.created_at, published = NEW.published, in_visible_category = NEW.in_visible_category
   WHERE id = NEW.id;
  RETURN NULL;
END $$;

DROP TRIGGER IF EXISTS posts_search_copy_insert ON posts;
CREATE TRIGGER posts_search_copy_insert AFTER INSERT ON posts
  FOR EACH ROW EXECUTE FUNCTION blog_post_search_copy();
DROP TRIGGER IF EXISTS posts_search_copy_update ON posts;
CREATE TRIGGER posts_search_copy_update AFTER UPDATE OF title, excerpt, content_text ON posts
  FOR EACH ROW WHEN (OLD.title IS DISTINCT FROM NEW.title OR OLD.excerpt IS DISTINCT FROM NEW.excerpt
                     OR OLD.content_text IS DISTINCT FROM NEW.content_text)
  EXECUTE FUNCTION blog_post_search_copy();
DROP TRIGGER IF EXISTS posts_search_flags ON posts;
CREATE TRIGGER posts_search_flags AFTER UPDATE OF created_at, published, in_visible_category ON posts
  FOR EACH ROW WHEN (OLD.created_at IS DISTINCT FROM NEW.created_at OR OLD.published IS DISTINCT FROM NEW.published
                     OR OLD.in_visible_category IS DISTINCT FROM NEW.in_visible_category)
  EXECUTE FUNCTION blog_post_search_flags();

INSERT INTO post_search (id, created_at, published, in_visible_category, search_words_exact,
                         search_vector, search_head, title_vector)
SELECT id, created_at, published, in_visible_category, search_words_exact, search_vector, search_head,
       to_tsvector('simple'::regconfig, blog_fold(title))
  FROM posts
ON CONFLICT (id) DO NOTHING;

CREATE INDEX IF NOT EXISTS post_search_vector ON post_search USING gin (search_vector);
CREATE INDEX IF NOT EXISTS post_search_head ON post_search USING gin (search_head);
CREATE INDEX IF NOT EXISTS post_search_title ON post_search USING gin (title_vector);
-- Their lookups moved here; posts_search_vector stays (a term the word index cannot answer is
-- matched on posts by LIKE or its forms, OR-ed, which needs both of posts' own indexes).
DROP INDEX IF EXISTS posts_search_head;
DROP INDEX IF EXISTS posts_search_title;
ANALYZE post_search;
`;

const DOWN = `
CREATE INDEX IF NOT EXISTS posts_search_head ON posts USING gin (search_head);
CREATE INDEX IF NOT EXISTS posts_search_title ON posts
  USING gin (to_tsvector('simple'::regconfig, blog_fold(title)));
DROP TRIGGER IF EXISTS posts_search_flags ON posts;
DROP TRIGGER IF EXISTS posts_search_copy_update ON posts;
DROP TRIGGER IF EXISTS posts_search_copy_insert ON posts;
DROP FUNCTION IF EXISTS blog_post_search_flags();
DROP FUNCTION IF EXISTS blog_post_search_copy();
DROP TABLE IF EXISTS post_search;
`;

export const up: MigrationFn<MigrationContext> = async ({ context }) => {
  await context.sequelize.query(UP);
};

export const down: MigrationFn<MigrationContext> = async ({ context }) => {
  await context.sequelize.query(DOWN);
};
