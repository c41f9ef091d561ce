import type { MigrationFn } from 'umzug';
import type { MigrationContext } from './index.ts';

/*
 * `post.published` goes out once per post, when readers can first see it. The moment is kept on the
 * row and set by one conditional UPDATE (... WHERE first_published_at IS NULL RETURNING id), so two
 * concurrent requests can never both record the event. Posts readers can already see count as
 * published at their creation: no event is sent for them after this migration.
 */
const UP = `
ALTER TABLE posts ADD COLUMN first_published_at timestamptz;
UPDATE posts p SET first_published_at = p.created_at
 WHERE p.published AND EXISTS (
   SELECT 1 FROM post_categories pc JOIN categories c ON c.id = pc.category_id
    WHERE pc.post_id = p.id AND c.enabled);
`;

const DOWN = `ALTER TABLE posts DROP COLUMN IF EXISTS first_published_at;`;

export const up: MigrationFn<MigrationContext> = async ({ context }) => {
  await context.sequelize.query(UP);
};

export const down: MigrationFn<MigrationContext> = async ({ context }) => {
  await context.sequelize.query(DOWN);
};
