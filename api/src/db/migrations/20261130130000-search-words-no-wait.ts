import type { MigrationFn } from 'umzug';
import type { MigrationContext } from './index.ts';

/*
 * The vocabulary (search_words) without a unique key. With one, a post's write waited for every other
 * open transaction that had added one of its new words, until that transaction ended: a save waited
 * for a whole import, and two transactions each writing several posts (an import and a save, or two
 * batches) deadlocked on two words added in opposite orders, one of them rolled back.
 *
 * A word is now added when the writing transaction does not see it yet, which never waits. Two
 * transactions adding the same word at once both keep it: readers take distinct words, and a
 * duplicate costs one short row.
 */
const UP = `
ALTER TABLE search_words DROP CONSTRAINT IF EXISTS search_words_pkey;
CREATE INDEX IF NOT EXISTS search_words_word ON search_words (word);
CREATE OR REPLACE FUNCTION blog_search_words_add() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO search_words (word)
    SELECT v.lexeme FROM unnest(NEW.search_vector) v
     WHERE length(v.lexeme) >= 4 AND NOT EXISTS (SELECT 1 FROM search_words s WHERE s.word = v.lexeme);
  RETURN NULL;
END $$;
`;

const DOWN = `
DELETE FROM search_words a USING search_words b WHERE a.word = b.word AND a.ctid > b.ctid;
DROP INDEX IF EXISTS search_words_word;
ALTER TABLE search_words ADD PRIMARY KEY (word);
CREATE OR REPLACE FUNCTION blog_search_words_add() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO search_words (word)
    SELECT lexeme FROM unnest(NEW.search_vector) WHERE length(lexeme) >= 4
    ON CONFLICT DO NOTHING;
  RETURN NULL;
END $$;
`;

export const up: MigrationFn<MigrationContext> = async ({ context }) => {
  await context.sequelize.query(UP);
};

export const down: MigrationFn<MigrationContext> = async ({ context }) => {
  await context.sequelize.query(DOWN);
};
