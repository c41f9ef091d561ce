import type { MigrationFn } from 'umzug';
import type { MigrationContext } from './index.ts';

/*
 * Whether a post came from another blog's export is asked each time a post may become visible for the
 * first time (post-publication.ts: an imported post is never announced). The table's only index starts
 * with the source, so that question read every import row; this one answers it from the post's id.
 */
const UP = `
CREATE INDEX IF NOT EXISTS import_sources_post_local_id ON import_sources (local_id) WHERE kind = 'post';
`;

const DOWN = `
DROP INDEX IF EXISTS import_sources_post_local_id;
`;

export const up: MigrationFn<MigrationContext> = async ({ context }) => {
  await context.sequelize.query(UP);
};

export const down: MigrationFn<MigrationContext> = async ({ context }) => {
  await context.sequelize.query(DOWN);
};
