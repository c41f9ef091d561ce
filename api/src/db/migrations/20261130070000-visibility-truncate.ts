import type { MigrationFn } from 'umzug';
import type { MigrationContext } from './index.ts';

/*
 * posts.in_visible_category after TRUNCATE of post_categories (or of categories, which cascades to
 * it): no post has a category any more, so none is in a visible one. The row and statement triggers
 * of 20261127140000 do not fire on TRUNCATE, and the public search now chooses among posts by this
 * flag (its shown rows are still tested against the tables).
 */
const UP = `
CREATE OR REPLACE FUNCTION blog_post_categories_truncated() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE posts SET in_visible_category = false WHERE in_visible_category;
  RETURN NULL;
END $$;
DROP TRIGGER IF EXISTS blog_visibility_post_categories_truncate ON post_categories;
CREATE TRIGGER blog_visibility_post_categories_truncate AFTER TRUNCATE ON post_categories
  FOR EACH STATEMENT EXECUTE FUNCTION blog_post_categories_truncated();
`;

const DOWN = `
DROP TRIGGER IF EXISTS blog_visibility_post_categories_truncate ON post_categories;
DROP FUNCTION IF EXISTS blog_post_categories_truncated();
`;

export const up: MigrationFn<MigrationContext> = async ({ context }) => {
  await context.sequelize.query(UP);
};

export const down: MigrationFn<MigrationContext> = async ({ context }) => {
  await context.sequelize.query(DOWN);
};
