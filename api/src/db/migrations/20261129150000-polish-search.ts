import type { MigrationFn } from 'umzug';
import { FOLD_FROM, FOLD_TO } from '@blog/shared/fold';
import type { MigrationContext } from './index.ts';

/*
 * The search that understands Polish (modules/search). Everything it compares is folded: lower case,
 * Polish (and other Latin) letters without diacritics, by translate() over the table of fold.ts, so
 * the application and the database fold letter for letter alike. No extension beyond pg_trgm (which
 * 0001 already requires) and no file in the server's share folder: the text search configuration is
 * the built-in 'simple' one over folded text; inflection comes from the application's dictionary,
 * which expands a query word into its forms.
 *
 * The columns are generated, so PostgreSQL recomputes them in the same statement as any write of the
 * post (editor, import, restore, a bare UPDATE): an edit is searchable at once.
 * - posts.search_folded: title, excerpt and plain text folded, trigram-indexed: substrings (every
 *   match of the plain lower-case substring search still matches) and one-typo similarity;
 * - posts.search_vector: the folded words of the title (weight A), excerpt (B) and text (C): a word's
 *   dictionary forms, and in which part of the post they stand (the ranking).
 * blog_fold(text) is the same folding for queries and for the comments' and subscriptions' searches
 * (their trigram indexes move to the folded expressions).
 */
const quoted = (text: string) => `'${text.replace(/'/g, "''")}'`;
const fold = (expression: string) =>
  `translate(lower(${expression}), ${quoted(FOLD_FROM)}, ${quoted(FOLD_TO)})`;

const UP = `
CREATE EXTENSION IF NOT EXISTS pg_trgm;
CREATE OR REPLACE FUNCTION blog_fold(t text) RETURNS text
  LANGUAGE sql IMMUTABLE STRICT PARALLEL SAFE AS $$ SELECT ${fold('t')} $$;
ALTER TABLE posts ADD COLUMN IF NOT EXISTS search_folded text GENERATED ALWAYS AS (
  ${fold(`title || ' ' || coalesce(excerpt, '') || ' ' || content_text`)}
) STORED;
ALTER TABLE posts ADD COLUMN IF NOT EXISTS search_vector tsvector GENERATED ALWAYS AS (
  setweight(to_tsvector('simple'::regconfig, ${fold('title')}), 'A') ||
  setweight(to_tsvector('simple'::regconfig, ${fold(`coalesce(excerpt, '')`)}), 'B') ||
  setweight(to_tsvector('simple'::regconfig, ${fold('content_text')}), 'C')
) STORED;
CREATE INDEX IF NOT EXISTS posts_search_folded_trgm ON posts USING gin (search_folded gin_trgm_ops);
CREATE INDEX IF NOT EXISTS posts_search_vector ON posts USING gin (search_vector);
DROP INDEX IF EXISTS comments_admin_search_trgm;
CREATE INDEX IF NOT EXISTS comments_admin_search_folded_trgm ON comments
  USING gin (blog_fold(author || ' ' || email || ' ' || content) gin_trgm_ops);
CREATE INDEX IF NOT EXISTS user_subscriptions_email_folded_trgm ON user_subscriptions
  USING gin (blog_fold(email) gin_trgm_ops);
`;

const DOWN = `
DROP INDEX IF EXISTS user_subscriptions_email_folded_trgm;
DROP INDEX IF EXISTS comments_admin_search_folded_trgm;
CREATE INDEX IF NOT EXISTS comments_admin_search_trgm ON comments
  USING gin ((lower(author || ' ' || email || ' ' || content)) gin_trgm_ops);
DROP INDEX IF EXISTS posts_search_vector;
DROP INDEX IF EXISTS posts_search_folded_trgm;
ALTER TABLE posts DROP COLUMN IF EXISTS search_vector;
ALTER TABLE posts DROP COLUMN IF EXISTS search_folded;
DROP FUNCTION IF EXISTS blog_fold(text);
`;

export const up: MigrationFn<MigrationContext> = async ({ context }) => {
  await context.sequelize.query(UP);
};

export const down: MigrationFn<MigrationContext> = async ({ context }) => {
  await context.sequelize.query(DOWN);
};
