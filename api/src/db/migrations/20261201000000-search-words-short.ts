import type { MigrationFn } from 'umzug';
import type { MigrationContext } from './index.ts';

/*
 * The vocabulary (search_words) holds every word of every post, the short ones too. It held words of
 * four letters or more, so a query's dictionary forms shorter than that („pre” and „pra” of „pracy”,
 * from „przeć”) could not be checked against it and went into every query of the word; and a word
 * whose forms are in no post could not be known to be in none, which lets the search skip the stages
 * that cannot find it (post-search.service.ts). The typo stage still compares only words of four
 * letters or more (a shorter word is never taken for a typo of a longer one).
 */
const ADD_WORDS = (minLength: number) => `
CREATE OR REPLACE FUNCTION blog_search_words_add() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO search_words (word)
    SELECT v.lexeme FROM unnest(NEW.search_vector) v
     WHERE length(v.lexeme) >= ${minLength} AND NOT EXISTS (SELECT 1 FROM search_words s WHERE s.word = v.lexeme);
  RETURN NULL;
END $$;
`;

const UP = `
${ADD_WORDS(1)}
INSERT INTO search_words (word)
  SELECT DISTINCT v.lexeme FROM post_search p, unnest(p.search_vector) v
   WHERE length(v.lexeme) < 4 AND NOT EXISTS (SELECT 1 FROM search_words s WHERE s.word = v.lexeme);
`;

const DOWN = `
${ADD_WORDS(4)}
DELETE FROM search_words WHERE length(word) < 4;
`;

export const up: MigrationFn<MigrationContext> = async ({ context }) => {
  await context.sequelize.query(UP);
};

export const down: MigrationFn<MigrationContext> = async ({ context }) => {
  await context.sequelize.query(DOWN);
};
