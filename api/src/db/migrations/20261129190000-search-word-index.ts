import type { MigrationFn } from 'umzug';
import { FOLD_FROM, FOLD_TO } from '@blog/shared/fold';
import type { MigrationContext } from './index.ts';

/*
 * The search answered from the word index (modules/search/post-search.ts). A folded substring of
 * letters only is inside one word of posts.search_vector, except in text the parser reads as an
 * HTML tag or entity („<…>”, „&…;”) or a protocol („http://”), whose letters it drops, and in a word
 * too long to be indexed: so „praca” is in the post exactly when a word of the vocabulary
 * (search_words) that contains it is in search_vector, which the GIN index answers without reading
 * the post's text (LIKE over thousands of long texts took seconds at 10,000 posts).
 * - posts.search_words_exact: false for the posts where that does not hold; the search still
 *   compares their text with LIKE (found from the partial index, few rows);
 * - posts.search_head: the folded words of the title (A) and excerpt (B) alone, GIN-indexed: the
 *   ranking finds the posts with the term in the title or excerpt without reading the text's vector.
 * Both are generated: PostgreSQL recomputes them in the statement that writes the post.
 */
const quoted = (text: string) => `'${text.replace(/'/g, "''")}'`;
const fold = (expression: string) =>
  `translate(lower(${expression}), ${quoted(FOLD_FROM)}, ${quoted(FOLD_TO)})`;

const UP = `
ALTER TABLE posts ADD COLUMN IF NOT EXISTS search_words_exact boolean GENERATED ALWAYS AS (
  ${fold(`title || ' ' || coalesce(excerpt, '') || ' ' || content_text`)} !~ '[<&]|://|\\S{250}\\S{250}'
) STORED;
ALTER TABLE posts ADD COLUMN IF NOT EXISTS search_head tsvector GENERATED ALWAYS AS (
  setweight(to_tsvector('simple'::regconfig, ${fold('title')}), 'A') ||
  setweight(to_tsvector('simple'::regconfig, ${fold(`coalesce(excerpt, '')`)}), 'B')
) STORED;
CREATE INDEX IF NOT EXISTS posts_search_words_inexact ON posts (id) WHERE NOT search_words_exact;
CREATE INDEX IF NOT EXISTS posts_search_head ON posts USING gin (search_head);
`;

const DOWN = `
DROP INDEX IF EXISTS posts_search_head;
DROP INDEX IF EXISTS posts_search_words_inexact;
ALTER TABLE posts DROP COLUMN IF EXISTS search_head;
ALTER TABLE posts DROP COLUMN IF EXISTS search_words_exact;
`;

export const up: MigrationFn<MigrationContext> = async ({ context }) => {
  await context.sequelize.query(UP);
};

export const down: MigrationFn<MigrationContext> = async ({ context }) => {
  await context.sequelize.query(DOWN);
};
