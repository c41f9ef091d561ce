import type { MigrationFn } from 'umzug';
import type { MigrationContext } from './index.ts';

/*
 * The search's vocabulary: every folded word of four letters or more that a post's title, excerpt
 * or text holds (the lexemes of posts.search_vector), trigram-indexed. The typo stage looks a typed
 * word up here (a few thousand short rows) and searches the posts' word index for the similar words
 * it finds, instead of comparing the word with every post's whole text (pg_trgm word similarity over
 * long texts took seconds at 10,000 posts).
 *
 * Kept by the database: a post's new words are added in the same statement as its write. Words no
 * post holds any more stay (a word found similar that no post holds finds nothing); they are few.
 */
const UP = `
CREATE TABLE IF NOT EXISTS search_words (word text PRIMARY KEY);
CREATE INDEX IF NOT EXISTS search_words_trgm ON search_words USING gin (word gin_trgm_ops);
CREATE OR REPLACE FUNCTION blog_search_words_add() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO search_words (word)
    SELECT lexeme FROM unnest(NEW.search_vector) WHERE length(lexeme) >= 4
    ON CONFLICT DO NOTHING;
  RETURN NULL;
END $$;
DROP TRIGGER IF EXISTS posts_search_words ON posts;
CREATE TRIGGER posts_search_words AFTER INSERT OR UPDATE OF title, excerpt, content_text ON posts
  FOR EACH ROW EXECUTE FUNCTION blog_search_words_add();
INSERT INTO search_words (word)
  SELECT DISTINCT lexeme FROM posts, unnest(posts.search_vector) WHERE length(lexeme) >= 4
  ON CONFLICT DO NOTHING;
`;

const DOWN = `
DROP TRIGGER IF EXISTS posts_search_words ON posts;
DROP FUNCTION IF EXISTS blog_search_words_add();
DROP TABLE IF EXISTS search_words;
`;

export const up: MigrationFn<MigrationContext> = async ({ context }) => {
  await context.sequelize.query(UP);
};

export const down: MigrationFn<MigrationContext> = async ({ context }) => {
  await context.sequelize.query(DOWN);
};
