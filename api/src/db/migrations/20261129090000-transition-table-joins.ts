import type { MigrationFn } from 'umzug';
import type { MigrationContext } from './index.ts';

/*
 * Statement-level triggers that join a statement's old rows to its new ones (`old_rows o JOIN new_rows
 * n ON n.id = o.id`, migration 0005 and later) were planned as nested loops: a transition table has no
 * statistics, and the plan is cached from the function's first call. One statement that updates many
 * rows of which none matters to readers then compared every old row with every new one: 10,000 drafts
 * losing their only category (deleting the category) took 45 s in blog_public_posts_changed alone, and
 * 28 ms with a hash join. These functions join the two transition tables and nothing else, so a hash
 * join is right for one row and for 100,000.
 *
 * Left as they are: blog_public_tags_changed and blog_categories_visibility also join post_tags, posts or
 * post_categories, where a nested loop over a few changed rows probing an index is the right plan, and
 * the rows they join (tags, categories) are few per statement.
 */
export const HASH_JOINED_TRIGGER_FUNCTIONS = [
  'blog_public_posts_changed',
  'blog_public_categories_changed',
  'blog_public_users_changed',
  'blog_public_comments_changed',
  'blog_public_site_settings_changed',
];

const alter = (setting: string) =>
  HASH_JOINED_TRIGGER_FUNCTIONS.map((name) => `ALTER FUNCTION ${name}() ${setting};`).join('\n');

export const up: MigrationFn<MigrationContext> = async ({ context }) => {
  await context.sequelize.query(alter('SET enable_nestloop = off'));
};

export const down: MigrationFn<MigrationContext> = async ({ context }) => {
  await context.sequelize.query(alter('RESET enable_nestloop'));
};
