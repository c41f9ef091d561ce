import type { MigrationFn } from 'umzug';
import type { MigrationContext } from './index.ts';

/*
 * posts.in_visible_category: whether a post has at least one enabled category, the half of "visible"
 * (VISIBLE_POST_SQL) that lives in other tables. The admin list's „Ukryte” filter (published, no
 * visible category) otherwise checks every published post's categories to find the few hidden ones:
 * ~35 ms at 100,000 posts (issue 22). Statement-level triggers keep it true to post_categories and
 * categories.enabled whatever writes them (services, cascades, imports, a hand-run UPDATE); the
 * public queries still read the tables themselves. The column is idempotent to add (IF NOT EXISTS),
 * and the backfill computes it from the same tables.
 */
const UP = `
ALTER TABLE posts ADD COLUMN IF NOT EXISTS in_visible_category boolean NOT NULL DEFAULT false;

CREATE OR REPLACE FUNCTION blog_refresh_post_category_visibility(post_ids int[]) RETURNS void
LANGUAGE sql AS $$
  UPDATE posts p SET in_visible_category = v.visible
    FROM (SELECT q.id, EXISTS (SELECT 1 FROM post_categories pc JOIN categories c ON c.id = pc.category_id
                                WHERE pc.post_id = q.id AND c.enabled) AS visible
            FROM posts q WHERE q.id = ANY(post_ids)) v
   WHERE p.id = v.id AND p.in_visible_category IS DISTINCT FROM v.visible
$$;

CREATE OR REPLACE FUNCTION blog_post_categories_visibility() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP IN ('INSERT', 'UPDATE') THEN
    PERFORM blog_refresh_post_category_visibility(ARRAY(SELECT DISTINCT post_id FROM new_rows));
  END IF;
  IF TG_OP IN ('DELETE', 'UPDATE') THEN
    PERFORM blog_refresh_post_category_visibility(ARRAY(SELECT DISTINCT post_id FROM old_rows));
  END IF;
  RETURN NULL;
END $$;

CREATE OR REPLACE FUNCTION blog_categories_visibility() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM blog_refresh_post_category_visibility(ARRAY(
    SELECT DISTINCT pc.post_id FROM post_categories pc
      JOIN new_rows n ON n.id = pc.category_id JOIN old_rows o ON o.id = n.id
     WHERE n.enabled IS DISTINCT FROM o.enabled));
  RETURN NULL;
END $$;

DROP TRIGGER IF EXISTS blog_visibility_post_categories_insert ON post_categories;
DROP TRIGGER IF EXISTS blog_visibility_post_categories_update ON post_categories;
DROP TRIGGER IF EXISTS blog_visibility_post_categories_delete ON post_categories;
DROP TRIGGER IF EXISTS blog_visibility_categories_update ON categories;
CREATE TRIGGER blog_visibility_post_categories_insert AFTER INSERT ON post_categories
  REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION blog_post_categories_visibility();
CREATE TRIGGER blog_visibility_post_categories_update AFTER UPDATE ON post_categories
  REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION blog_post_categories_visibility();
CREATE TRIGGER blog_visibility_post_categories_delete AFTER DELETE ON post_categories
  REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION blog_post_categories_visibility();
CREATE TRIGGER blog_visibility_categories_update AFTER UPDATE ON categories
  REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION blog_categories_visibility();

UPDATE posts p SET in_visible_category = true
 WHERE NOT p.in_visible_category AND EXISTS (
   SELECT 1 FROM post_categories pc JOIN categories c ON c.id = pc.category_id
    WHERE pc.post_id = p.id AND c.enabled);

-- „Ukryte” is a few posts among many: a partial index finds them without reading the others.
CREATE INDEX IF NOT EXISTS posts_hidden_created_at_id ON posts (created_at, id)
  WHERE published AND NOT in_visible_category;
`;

const DOWN = `
DROP INDEX IF EXISTS posts_hidden_created_at_id;
DROP TRIGGER IF EXISTS blog_visibility_categories_update ON categories;
DROP TRIGGER IF EXISTS blog_visibility_post_categories_delete ON post_categories;
DROP TRIGGER IF EXISTS blog_visibility_post_categories_update ON post_categories;
DROP TRIGGER IF EXISTS blog_visibility_post_categories_insert ON post_categories;
DROP FUNCTION IF EXISTS blog_categories_visibility();
DROP FUNCTION IF EXISTS blog_post_categories_visibility();
DROP FUNCTION IF EXISTS blog_refresh_post_category_visibility(int[]);
ALTER TABLE posts DROP COLUMN IF EXISTS in_visible_category;
`;

export const up: MigrationFn<MigrationContext> = async ({ context }) => {
  await context.sequelize.query(UP);
};

export const down: MigrationFn<MigrationContext> = async ({ context }) => {
  await context.sequelize.query(DOWN);
};
