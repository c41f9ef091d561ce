import type { MigrationFn } from 'umzug';
import type { MigrationContext } from './index.ts';

/*
 * The folded words of a post's title, GIN-indexed (the words search_head holds with weight A): the
 * public search ranks the posts with a term in the title or excerpt by looking up which of them hold
 * it in the title here (an unweighted query, answered by the index without reading the rows), instead
 * of testing a long query of forms, weight A then B, against every such post's search_head (about half
 * of a common word's page at 10,000 posts). An expression index: PostgreSQL keeps it in the statement
 * that writes the post, so an edit is ranked at once. The expression must stay the one the search
 * writes (post-search.ts, TITLE_VECTOR_SQL).
 */
const UP = `
CREATE INDEX IF NOT EXISTS posts_search_title ON posts
  USING gin (to_tsvector('simple'::regconfig, blog_fold(title)));
`;

const DOWN = `
DROP INDEX IF EXISTS posts_search_title;
`;

export const up: MigrationFn<MigrationContext> = async ({ context }) => {
  await context.sequelize.query(UP);
};

export const down: MigrationFn<MigrationContext> = async ({ context }) => {
  await context.sequelize.query(DOWN);
};
