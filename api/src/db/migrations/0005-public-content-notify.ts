import type { MigrationFn } from 'umzug';
import type { MigrationContext } from './index.ts';

/*
 * The database itself says when what readers see has changed, so no code path — a service, a
 * cascade, the worker, a hand-run UPDATE — can forget to invalidate the public cache. Statement-level
 * triggers (one per table and event, reading the statement's transition tables) send
 * `NOTIFY blog_public_content, '<scope>'` when the statement touched something a public answer shows:
 *
 *   site       every public answer (lists, articles, feeds, sitemap, pages)
 *   post:<id>  only that article (its comments)
 *
 * NOTIFY is delivered at commit, only if the transaction commits, in commit order, to every API
 * process (api/src/modules/public-cache/content-changes.ts listens). What does not alter a public
 * answer sends nothing: a draft saved while it was and stays unpublished, a hidden category, a tag no
 * published post uses, a user without published posts, private settings (SMTP, notifications, the
 * subscription cap), subscriptions, contact messages, logs, outbox and delivery rows.
 *
 * The settings shown publicly are the keys of the SiteSettings schema (GET /api/site-settings); the
 * walk of every state-changing operation (app/invalidation-walk.test.ts) proves a public setting
 * changes the public answers and the private ones (SMTP, notifications) change none.
 */
const UP = `
-- The channel is blog_public_content unless the writing session names another (blog.public_channel):
-- test files sharing one database each listen on their own, so one file's writes never reach another's.
CREATE FUNCTION blog_public_changed(scope text) RETURNS void LANGUAGE sql AS
  $$ SELECT pg_notify(coalesce(nullif(current_setting('blog.public_channel', true), ''),
                               'blog_public_content'), scope) $$;

-- A published post appears in, changes or leaves every public list.
CREATE FUNCTION blog_public_posts_changed() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  changed boolean := false;
BEGIN
  IF TG_OP = 'INSERT' THEN
    changed := EXISTS (SELECT 1 FROM new_rows WHERE published);
  ELSIF TG_OP = 'DELETE' THEN
    changed := EXISTS (SELECT 1 FROM old_rows WHERE published);
  ELSE
    changed := EXISTS (SELECT 1 FROM old_rows o JOIN new_rows n ON n.id = o.id
                        WHERE (o.published OR n.published) AND o IS DISTINCT FROM n);
  END IF;
  IF changed THEN PERFORM blog_public_changed('site'); END IF;
  RETURN NULL;
END $$;

-- A link between a published post and a visible category (a link whose post or category is being
-- deleted is that row's own trigger's business).
CREATE FUNCTION blog_public_post_categories_changed() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  changed boolean := false;
BEGIN
  IF TG_OP IN ('INSERT', 'UPDATE') THEN
    changed := EXISTS (SELECT 1 FROM new_rows r JOIN posts p ON p.id = r.post_id
                         JOIN categories c ON c.id = r.category_id WHERE p.published AND c.enabled);
  END IF;
  IF TG_OP IN ('DELETE', 'UPDATE') AND NOT changed THEN
    changed := EXISTS (SELECT 1 FROM old_rows r JOIN posts p ON p.id = r.post_id
                         JOIN categories c ON c.id = r.category_id WHERE p.published AND c.enabled);
  END IF;
  IF changed THEN PERFORM blog_public_changed('site'); END IF;
  RETURN NULL;
END $$;

CREATE FUNCTION blog_public_post_tags_changed() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  changed boolean := false;
BEGIN
  IF TG_OP IN ('INSERT', 'UPDATE') THEN
    changed := EXISTS (SELECT 1 FROM new_rows r JOIN posts p ON p.id = r.post_id WHERE p.published);
  END IF;
  IF TG_OP IN ('DELETE', 'UPDATE') AND NOT changed THEN
    changed := EXISTS (SELECT 1 FROM old_rows r JOIN posts p ON p.id = r.post_id WHERE p.published);
  END IF;
  IF changed THEN PERFORM blog_public_changed('site'); END IF;
  RETURN NULL;
END $$;

-- A renamed tag that a published post shows (a deleted one leaves through post_tags).
CREATE FUNCTION blog_public_tags_changed() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF EXISTS (
    SELECT 1 FROM old_rows o JOIN new_rows n ON n.id = o.id
     WHERE o IS DISTINCT FROM n
       AND EXISTS (SELECT 1 FROM post_tags pt JOIN posts p ON p.id = pt.post_id
                    WHERE pt.tag_id = n.id AND p.published))
  THEN PERFORM blog_public_changed('site');
  END IF;
  RETURN NULL;
END $$;

-- Visible categories are listed publicly (subscription form, post badges, the category feeds).
CREATE FUNCTION blog_public_categories_changed() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  changed boolean := false;
BEGIN
  IF TG_OP = 'INSERT' THEN
    changed := EXISTS (SELECT 1 FROM new_rows WHERE enabled);
  ELSIF TG_OP = 'DELETE' THEN
    changed := EXISTS (SELECT 1 FROM old_rows WHERE enabled);
  ELSE
    changed := EXISTS (SELECT 1 FROM old_rows o JOIN new_rows n ON n.id = o.id
                        WHERE (o.enabled OR n.enabled) AND o IS DISTINCT FROM n);
  END IF;
  IF changed THEN PERFORM blog_public_changed('site'); END IF;
  RETURN NULL;
END $$;

-- A byline (name, username, role) on a published post. A deleted author's posts leave through the
-- posts cascade, whose own trigger notifies.
CREATE FUNCTION blog_public_users_changed() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF EXISTS (
    SELECT 1 FROM old_rows o JOIN new_rows n ON n.id = o.id
     WHERE (o.username, o.display_name, o.role) IS DISTINCT FROM (n.username, n.display_name, n.role)
       AND EXISTS (SELECT 1 FROM posts p WHERE p.user_id = n.id AND p.published))
  THEN PERFORM blog_public_changed('site');
  END IF;
  RETURN NULL;
END $$;

-- Comments show on their article only: one scope per published post touched (a whole-site change
-- when one statement touches very many).
CREATE FUNCTION blog_public_comments_changed() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  post_ids integer[];
  post_id integer;
BEGIN
  IF TG_OP = 'INSERT' THEN
    SELECT array_agg(DISTINCT r.post_id) INTO post_ids FROM new_rows r;
  ELSIF TG_OP = 'DELETE' THEN
    SELECT array_agg(DISTINCT r.post_id) INTO post_ids FROM old_rows r;
  ELSE
    SELECT array_agg(DISTINCT r.post_id) INTO post_ids
      FROM (SELECT o.post_id FROM old_rows o UNION SELECT n.post_id FROM new_rows n) r;
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
END $$;

CREATE FUNCTION blog_public_site_settings_changed() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  public_keys text[] := ARRAY['titleLink', 'blogDescription', 'aboutPageContent', 'commentsEnabled',
                               'siteSettingsVersion'];
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
END $$;
`;

/** Tables and the events their trigger function watches (transition tables allow one event per trigger). */
const WATCHED: [table: string, events: ('INSERT' | 'UPDATE' | 'DELETE')[]][] = [
  ['posts', ['INSERT', 'UPDATE', 'DELETE']],
  ['post_categories', ['INSERT', 'UPDATE', 'DELETE']],
  ['post_tags', ['INSERT', 'UPDATE', 'DELETE']],
  ['tags', ['UPDATE']],
  ['categories', ['INSERT', 'UPDATE', 'DELETE']],
  ['users', ['UPDATE']],
  ['comments', ['INSERT', 'UPDATE', 'DELETE']],
  ['site_settings', ['INSERT', 'UPDATE', 'DELETE']],
];

const referencing = (event: string) =>
  event === 'INSERT'
    ? 'NEW TABLE AS new_rows'
    : event === 'DELETE'
      ? 'OLD TABLE AS old_rows'
      : 'OLD TABLE AS old_rows NEW TABLE AS new_rows';

const TRIGGERS = WATCHED.flatMap(([table, events]) =>
  events.map(
    (event) =>
      `CREATE TRIGGER blog_public_${table}_${event.toLowerCase()} AFTER ${event} ON ${table}
  REFERENCING ${referencing(event)} FOR EACH STATEMENT EXECUTE FUNCTION blog_public_${table}_changed();`,
  ),
).join('\n');

const DOWN =
  WATCHED.flatMap(([table, events]) =>
    events.map((event) => `DROP TRIGGER IF EXISTS blog_public_${table}_${event.toLowerCase()} ON ${table};`),
  ).join('\n') +
  '\n' +
  WATCHED.map(([table]) => `DROP FUNCTION IF EXISTS blog_public_${table}_changed();`).join('\n') +
  '\nDROP FUNCTION IF EXISTS blog_public_changed(text);';

export const up: MigrationFn<MigrationContext> = async ({ context }) => {
  await context.sequelize.query(`${UP}\n${TRIGGERS}`);
};

export const down: MigrationFn<MigrationContext> = async ({ context }) => {
  await context.sequelize.query(DOWN);
};
