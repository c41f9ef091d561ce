import type { MigrationFn } from 'umzug';
import type { MigrationContext } from './index.ts';

/*
 * Scheduled publishing: a post with `scheduled_at` is a draft until that moment, when the worker
 * publishes it (one conditional UPDATE ... WHERE scheduled_at <= now(), so several workers publish it
 * once) and records its post.published in the same transaction.
 */
const UP = `
ALTER TABLE posts ADD COLUMN scheduled_at timestamptz;
CREATE INDEX posts_scheduled_at ON posts (scheduled_at) WHERE scheduled_at IS NOT NULL;
`;

const DOWN = `
DROP INDEX IF EXISTS posts_scheduled_at;
ALTER TABLE posts DROP COLUMN IF EXISTS scheduled_at;
`;

export const up: MigrationFn<MigrationContext> = async ({ context }) => {
  await context.sequelize.query(UP);
};

export const down: MigrationFn<MigrationContext> = async ({ context }) => {
  await context.sequelize.query(DOWN);
};
