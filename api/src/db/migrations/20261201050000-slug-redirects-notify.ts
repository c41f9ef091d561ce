import type { MigrationFn } from 'umzug';
import type { MigrationContext } from './index.ts';

/*
 * An old slug is looked up only once an article's address found no post (slug-redirects.ts), so the
 * 404 that address answered may be cached: a redirect added or removed must make it stale, like every
 * other row a public answer depends on. Renames and imports write these rows beside a published post's
 * change, which notifies already; this trigger holds it for any writer (an operator's psql included).
 * Only a statement that touched rows notifies: the save that releases a slug deletes nothing most times.
 */
const EVENTS = [
  ['INSERT', 'NEW TABLE AS new_rows', 'new_rows'],
  ['UPDATE', 'NEW TABLE AS new_rows', 'new_rows'],
  ['DELETE', 'OLD TABLE AS old_rows', 'old_rows'],
] as const;

const UP = EVENTS.map(
  ([event, referencing, rows]) => `
CREATE FUNCTION blog_public_slug_redirects_${event.toLowerCase()}() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF EXISTS (SELECT 1 FROM ${rows}) THEN PERFORM blog_public_changed('site'); END IF;
  RETURN NULL;
END $$;
CREATE TRIGGER blog_public_post_slug_redirects_${event.toLowerCase()} AFTER ${event} ON post_slug_redirects
  REFERENCING ${referencing} FOR EACH STATEMENT EXECUTE FUNCTION blog_public_slug_redirects_${event.toLowerCase()}();`,
).join('\n');

const DOWN = EVENTS.map(
  ([event]) => `
DROP TRIGGER IF EXISTS blog_public_post_slug_redirects_${event.toLowerCase()} ON post_slug_redirects;
DROP FUNCTION IF EXISTS blog_public_slug_redirects_${event.toLowerCase()}();`,
).join('\n');

export const up: MigrationFn<MigrationContext> = async ({ context }) => {
  await context.sequelize.query(UP);
};

export const down: MigrationFn<MigrationContext> = async ({ context }) => {
  await context.sequelize.query(DOWN);
};
