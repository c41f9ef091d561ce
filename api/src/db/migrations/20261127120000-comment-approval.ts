import type { MigrationFn } from 'umzug';
import type { MigrationContext } from './index.ts';

/*
 * An optional approval queue for comments, and the comments list on the server.
 * - comments.status: 'approved' (readers see it; every existing comment and the default, so
 *   immediate publication holds while the setting is off) or 'pending'. Rejecting
 *   deletes the row, so there is no third value.
 * - The public-content trigger of 0005 is redefined so that only approved comments count: a pending
 *   comment written, edited or deleted changes no public answer and notifies nothing; approving
 *   (pending → approved) notifies that article.
 * - The site setting commentsRequireApproval is public (the comment form tells readers ahead), so it
 *   joins the public keys of the site_settings trigger.
 * - Indexes for the moderation list: each sort with its id tie-breaker, the pending queue, and the
 *   trigram search over author, e-mail and content (the expression of admin-comments.list.ts).
 */
const COMMENTS_TRIGGER = (onlyApproved: boolean) => {
  const approved = onlyApproved ? ` WHERE r.status = 'approved'` : '';
  const changedUpdate = onlyApproved
    ? `SELECT array_agg(DISTINCT x.post_id) INTO post_ids FROM (
      SELECT o.post_id FROM old_rows o JOIN new_rows n ON n.id = o.id
       WHERE o.status = 'approved' AND o IS DISTINCT FROM n
      UNION
      SELECT n.post_id FROM old_rows o JOIN new_rows n ON n.id = o.id
       WHERE n.status = 'approved' AND o IS DISTINCT FROM n) x;`
    : `SELECT array_agg(DISTINCT r.post_id) INTO post_ids
      FROM (SELECT o.post_id FROM old_rows o UNION SELECT n.post_id FROM new_rows n) r;`;
  return `
CREATE OR REPLACE FUNCTION blog_public_comments_changed() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  post_ids integer[];
  post_id integer;
BEGIN
  IF TG_OP = 'INSERT' THEN
    SELECT array_agg(DISTINCT r.post_id) INTO post_ids FROM new_rows r${approved};
  ELSIF TG_OP = 'DELETE' THEN
    SELECT array_agg(DISTINCT r.post_id) INTO post_ids FROM old_rows r${approved};
  ELSE
    ${changedUpdate}
  END IF;
  SELECT array_agg(p.id) INTO post_ids FROM posts p WHERE p.id = ANY (post_ids) AND p.published;
  IF cardinality(post_ids) > 100 THEN
    PERFORM blog_public_changed('site');
  ELSIF post_ids IS NOT NULL THEN
    FOREACH post_id IN ARRAY post_ids LOOP
      PERFORM blog_public_changed('post:' || post_id);
    END LOOP;
  END IF;
  RETURN NULL;
END $$;`;
};

const SETTINGS_TRIGGER = (keys: string[]) => `
CREATE OR REPLACE FUNCTION blog_public_site_settings_changed() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  public_keys text[] := ARRAY[${keys.map((key) => `'${key}'`).join(', ')}];
  changed boolean := false;
BEGIN
  IF TG_OP = 'INSERT' THEN
    changed := EXISTS (SELECT 1 FROM new_rows WHERE key = ANY (public_keys));
  ELSIF TG_OP = 'DELETE' THEN
    changed := EXISTS (SELECT 1 FROM old_rows WHERE key = ANY (public_keys));
  ELSE
    changed := EXISTS (SELECT 1 FROM old_rows o JOIN new_rows n ON n.id = o.id
                        WHERE (o.key = ANY (public_keys) OR n.key = ANY (public_keys))
                          AND (o.key, o.value) IS DISTINCT FROM (n.key, n.value));
  END IF;
  IF changed THEN PERFORM blog_public_changed('site'); END IF;
  RETURN NULL;
END $$;`;

const PUBLIC_KEYS_0005 = [
  'titleLink',
  'blogDescription',
  'aboutPageContent',
  'commentsEnabled',
  'siteSettingsVersion',
];

const UP = `
ALTER TABLE comments ADD COLUMN status varchar(16) NOT NULL DEFAULT 'approved'
  CONSTRAINT comments_status_check CHECK (status IN ('approved', 'pending'));
CREATE INDEX comments_created_at_id ON comments (created_at, id);
CREATE INDEX comments_author_lower_id ON comments (lower(author), id);
CREATE INDEX comments_pending_created_at_id ON comments (created_at, id) WHERE status = 'pending';
CREATE INDEX comments_admin_search_trgm ON comments
  USING gin ((lower(author || ' ' || email || ' ' || content)) gin_trgm_ops);
${COMMENTS_TRIGGER(true)}
${SETTINGS_TRIGGER([...PUBLIC_KEYS_0005, 'commentsRequireApproval'])}
`;

const DOWN = `
${SETTINGS_TRIGGER(PUBLIC_KEYS_0005)}
${COMMENTS_TRIGGER(false)}
DROP INDEX IF EXISTS comments_admin_search_trgm;
DROP INDEX IF EXISTS comments_pending_created_at_id;
DROP INDEX IF EXISTS comments_author_lower_id;
DROP INDEX IF EXISTS comments_created_at_id;
DELETE FROM comments WHERE status = 'pending';
ALTER TABLE comments DROP COLUMN status;
`;

export const up: MigrationFn<MigrationContext> = async ({ context }) => {
  await context.sequelize.query(UP);
};

export const down: MigrationFn<MigrationContext> = async ({ context }) => {
  await context.sequelize.query(DOWN);
};
