import type { MigrationFn } from 'umzug';
import type { MigrationContext } from './index.ts';

/*
 * The admin posts list at 100,000 posts (bench/results/admin-lists.md has the plans):
 *
 * - posts.in_visible_category: whether a post has at least one enabled category, the half of
 *   "visible" (VISIBLE_POST_SQL) that lives in other tables. „Ukryte” (published, no visible
 *   category) otherwise checks every published post's categories to find the few hidden ones.
 *   Statement-level triggers keep it true to post_categories and categories.enabled whatever writes
 *   them (services, cascades, imports, a hand-run UPDATE); the public queries still read the tables.
 * - posts.admin_search_text: the lower-cased text the list searches, stored, so a LIKE that reads
 *   many rows (a common word, two letters) compares stored text instead of lower-casing every
 *   title again; its trigram index replaces the expression index of 20261127003000.
 * - Partial indexes in the list's default order for the statuses that are a small share of the
 *   posts, and post_categories by category then post, so the category filter reads an index only.
 *
 * Every statement is idempotent (IF NOT EXISTS, OR REPLACE, DROP … IF EXISTS).
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

-- „Ukryte”, „Szkice”, „Zaplanowane” are a few posts among many: found without reading the others.
CREATE INDEX IF NOT EXISTS posts_hidden_created_at_id ON posts (created_at, id)
  WHERE published AND NOT in_visible_category;
CREATE INDEX IF NOT EXISTS posts_draft_created_at_id ON posts (created_at, id)
  WHERE NOT published AND scheduled_at IS NULL;
CREATE INDEX IF NOT EXISTS posts_scheduled_created_at_id ON posts (created_at, id)
  WHERE NOT published AND scheduled_at IS NOT NULL;
CREATE INDEX IF NOT EXISTS post_categories_category_id_post_id ON post_categories (category_id, post_id);

-- Must stay the expression of admin-posts.list.ts SEARCH_TEXT_SQL's column.
ALTER TABLE posts ADD COLUMN IF NOT EXISTS admin_search_text text
  GENERATED ALWAYS AS (lower(title || ' ' || slug || ' ' || coalesce(excerpt, ''))) STORED;
CREATE INDEX IF NOT EXISTS posts_admin_search_text_trgm ON posts USING gin (admin_search_text gin_trgm_ops);
DROP INDEX IF EXISTS posts_admin_search_trgm;
`;

const DOWN = `
CREATE INDEX IF NOT EXISTS posts_admin_search_trgm ON posts
  USING gin ((lower(title || ' ' || slug || ' ' || coalesce(excerpt, ''))) gin_trgm_ops);
ALTER TABLE posts DROP COLUMN IF EXISTS admin_search_text;
DROP INDEX IF EXISTS post_categories_category_id_post_id;
DROP INDEX IF EXISTS posts_scheduled_created_at_id;
DROP INDEX IF EXISTS posts_draft_created_at_id;
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
