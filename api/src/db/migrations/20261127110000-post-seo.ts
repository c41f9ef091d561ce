import type { MigrationFn } from 'umzug';
import type { MigrationContext } from './index.ts';

/*
 * The SEO and sharing panel: a post's own meta title and description (lengths Google shows
 * in a search result: 70 and 160 characters) and its social image (an /uploads/ path or a web address).
 * All null by default: the head tags then fall back to the title, the excerpt and the cover. Revisions
 * keep them too, so a restore brings them back. The public-content trigger on posts compares whole rows
 * (`o IS DISTINCT FROM n`), so a change to these columns already refreshes the public article.
 */
const UP = `
ALTER TABLE posts
  ADD COLUMN meta_title varchar(70),
  ADD COLUMN meta_description varchar(160),
  ADD COLUMN social_image_url text;
ALTER TABLE post_revisions
  ADD COLUMN meta_title varchar(70),
  ADD COLUMN meta_description varchar(160),
  ADD COLUMN social_image_url text;
`;

const DOWN = `
ALTER TABLE post_revisions
  DROP COLUMN IF EXISTS meta_title,
  DROP COLUMN IF EXISTS meta_description,
  DROP COLUMN IF EXISTS social_image_url;
ALTER TABLE posts
  DROP COLUMN IF EXISTS meta_title,
  DROP COLUMN IF EXISTS meta_description,
  DROP COLUMN IF EXISTS social_image_url;
`;

export const up: MigrationFn<MigrationContext> = async ({ context }) => {
  await context.sequelize.query(UP);
};

export const down: MigrationFn<MigrationContext> = async ({ context }) => {
  await context.sequelize.query(DOWN);
};
