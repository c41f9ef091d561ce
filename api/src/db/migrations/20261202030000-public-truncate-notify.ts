import type { MigrationFn } from 'umzug';
import type { MigrationContext } from './index.ts';

/*
 * TRUNCATE fires no row or statement trigger of a DELETE, so the public-content triggers missed an
 * operator's `TRUNCATE comments` (or a cascade of one): every public answer in memory, and in a CDN in
 * front, stayed as it was. A truncated table a public answer reads now says `site` (all of them) in
 * the same statement, whether or not it held anything shown, like a restore's wholesale change.
 */
export const PUBLIC_TABLES = [
  'users',
  'posts',
  'categories',
  'post_categories',
  'tags',
  'post_tags',
  'comments',
  'site_settings',
  'post_slug_redirects',
] as const;

const UP = `
CREATE FUNCTION blog_public_truncated() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM blog_public_changed('site');
  RETURN NULL;
END $$;
${PUBLIC_TABLES.map(
  (table) => `CREATE TRIGGER blog_public_${table}_truncate AFTER TRUNCATE ON ${table}
  FOR EACH STATEMENT EXECUTE FUNCTION blog_public_truncated();`,
).join('\n')}`;

const DOWN = `
${PUBLIC_TABLES.map((table) => `DROP TRIGGER IF EXISTS blog_public_${table}_truncate ON ${table};`).join('\n')}
DROP FUNCTION IF EXISTS blog_public_truncated();`;

export const up: MigrationFn<MigrationContext> = async ({ context }) => {
  await context.sequelize.query(UP);
};

export const down: MigrationFn<MigrationContext> = async ({ context }) => {
  await context.sequelize.query(DOWN);
};
