import type { MigrationFn } from 'umzug';
import type { MigrationContext } from './index.ts';

/*
 * Constraint names are spelled out so errors (and mapDatabaseError) can be traced to one rule.
 * Cascades: a post goes with its author, comments and category/tag
 * links go with their post, links go with their category or tag, a subscription outlives its user.
 */
const UP = `
-- Trusted extension since PostgreSQL 13: a database owner may create it without superuser.
CREATE EXTENSION IF NOT EXISTS pg_trgm;

CREATE TABLE users (
  id serial PRIMARY KEY,
  username varchar(50) NOT NULL,
  password_hash text NOT NULL,
  email varchar(254),
  display_name varchar(100),
  role varchar(20) NOT NULL DEFAULT 'subscriber',
  is_active boolean NOT NULL DEFAULT true,
  reset_token_hash text,
  reset_token_expiry timestamptz,
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now(),
  CONSTRAINT users_username_key UNIQUE (username),
  CONSTRAINT users_username_not_blank CHECK (length(trim(username)) > 0),
  CONSTRAINT users_role_check CHECK (role IN ('admin', 'publisher', 'subscriber'))
);
-- 'Admin' and 'admin' would be two accounts nobody can tell apart in a byline.
CREATE UNIQUE INDEX users_username_lower_key ON users (lower(username));
CREATE UNIQUE INDEX users_email_lower_key ON users (lower(email)) WHERE email IS NOT NULL;

CREATE TABLE posts (
  id serial PRIMARY KEY,
  title varchar(200) NOT NULL,
  slug varchar(200) NOT NULL,
  content text NOT NULL,
  content_text text NOT NULL DEFAULT '',
  image_url text,
  excerpt text,
  published boolean NOT NULL DEFAULT true,
  user_id integer REFERENCES users (id) ON DELETE CASCADE,
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now(),
  search_text text GENERATED ALWAYS AS (
    lower(title || ' ' || coalesce(excerpt, '') || ' ' || content_text)
  ) STORED,
  CONSTRAINT posts_slug_key UNIQUE (slug),
  CONSTRAINT posts_title_not_blank CHECK (length(trim(title)) > 0),
  CONSTRAINT posts_slug_not_blank CHECK (length(trim(slug)) > 0)
);
CREATE INDEX posts_search_text_trgm_idx ON posts USING gin (search_text gin_trgm_ops);
CREATE INDEX posts_published_created_at_idx ON posts (published, created_at DESC, id DESC);
CREATE INDEX posts_user_id_idx ON posts (user_id);

CREATE TABLE categories (
  id serial PRIMARY KEY,
  name varchar(100) NOT NULL,
  enabled boolean NOT NULL DEFAULT true,
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now(),
  CONSTRAINT categories_name_not_blank CHECK (length(trim(name)) > 0)
);
CREATE UNIQUE INDEX categories_name_lower_key ON categories (lower(name));

CREATE TABLE post_categories (
  id serial PRIMARY KEY,
  post_id integer NOT NULL REFERENCES posts (id) ON DELETE CASCADE,
  category_id integer NOT NULL REFERENCES categories (id) ON DELETE CASCADE,
  CONSTRAINT post_categories_post_id_category_id_key UNIQUE (post_id, category_id)
);
CREATE INDEX post_categories_category_id_idx ON post_categories (category_id);

CREATE TABLE tags (
  id serial PRIMARY KEY,
  name varchar(50) NOT NULL,
  created_at timestamptz NOT NULL DEFAULT now(),
  CONSTRAINT tags_name_not_blank CHECK (length(trim(name)) > 0)
);
CREATE UNIQUE INDEX tags_name_lower_key ON tags (lower(name));

CREATE TABLE post_tags (
  id serial PRIMARY KEY,
  post_id integer NOT NULL REFERENCES posts (id) ON DELETE CASCADE,
  tag_id integer NOT NULL REFERENCES tags (id) ON DELETE CASCADE,
  CONSTRAINT post_tags_post_id_tag_id_key UNIQUE (post_id, tag_id)
);
CREATE INDEX post_tags_tag_id_idx ON post_tags (tag_id);

CREATE TABLE comments (
  id serial PRIMARY KEY,
  content text NOT NULL,
  author varchar(100) NOT NULL,
  email varchar(254) NOT NULL,
  post_id integer NOT NULL REFERENCES posts (id) ON DELETE CASCADE,
  created_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX comments_post_id_created_at_idx ON comments (post_id, created_at);
-- Dashboard and moderation list the newest comments across all posts.
CREATE INDEX comments_created_at_idx ON comments (created_at DESC);

CREATE TABLE contact_messages (
  id serial PRIMARY KEY,
  name varchar(100) NOT NULL,
  email varchar(254) NOT NULL,
  message text NOT NULL,
  created_at timestamptz NOT NULL DEFAULT now()
);

CREATE TABLE user_subscriptions (
  id serial PRIMARY KEY,
  user_id integer REFERENCES users (id) ON DELETE SET NULL,
  category_id integer NOT NULL REFERENCES categories (id) ON DELETE CASCADE,
  email varchar(254) NOT NULL,
  active boolean NOT NULL DEFAULT true,
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now()
);
CREATE UNIQUE INDEX user_subscriptions_email_lower_category_id_key ON user_subscriptions (lower(email), category_id);
-- Notification fan-out reads the subscribers of one category.
CREATE INDEX user_subscriptions_category_id_idx ON user_subscriptions (category_id);
CREATE INDEX user_subscriptions_user_id_idx ON user_subscriptions (user_id);

CREATE TABLE site_settings (
  id serial PRIMARY KEY,
  key varchar(100) NOT NULL,
  value text,
  encrypted boolean NOT NULL DEFAULT false,
  updated_at timestamptz NOT NULL DEFAULT now(),
  CONSTRAINT site_settings_key_key UNIQUE (key),
  CONSTRAINT site_settings_key_not_blank CHECK (length(trim(key)) > 0)
);

CREATE TABLE subscription_logs (
  id serial PRIMARY KEY,
  date date NOT NULL DEFAULT current_date,
  count integer NOT NULL DEFAULT 0,
  CONSTRAINT subscription_logs_date_key UNIQUE (date),
  CONSTRAINT subscription_logs_count_check CHECK (count >= 0)
);

CREATE TABLE outbox_events (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  type varchar(100) NOT NULL,
  payload jsonb NOT NULL,
  created_at timestamptz NOT NULL DEFAULT now(),
  dispatched_at timestamptz,
  attempts integer NOT NULL DEFAULT 0,
  last_error text,
  CONSTRAINT outbox_events_attempts_check CHECK (attempts >= 0)
);
-- The relay only ever scans what is still to be sent, oldest first.
CREATE INDEX outbox_events_pending_idx ON outbox_events (created_at) WHERE dispatched_at IS NULL;

CREATE TABLE email_deliveries (
  id serial PRIMARY KEY,
  event_id uuid NOT NULL,
  recipient varchar(254) NOT NULL,
  kind varchar(50) NOT NULL,
  status varchar(20) NOT NULL DEFAULT 'pending',
  attempts integer NOT NULL DEFAULT 0,
  last_error text,
  sent_at timestamptz,
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now(),
  CONSTRAINT email_deliveries_event_id_recipient_key UNIQUE (event_id, recipient),
  CONSTRAINT email_deliveries_status_check CHECK (status IN ('pending', 'sent', 'failed')),
  CONSTRAINT email_deliveries_attempts_check CHECK (attempts >= 0)
);
`;

// pg_trgm stays: other objects of the database may use it, and the up step creates it only if missing.
const DOWN = `
DROP TABLE IF EXISTS email_deliveries;
DROP TABLE IF EXISTS outbox_events;
DROP TABLE IF EXISTS subscription_logs;
DROP TABLE IF EXISTS site_settings;
DROP TABLE IF EXISTS user_subscriptions;
DROP TABLE IF EXISTS contact_messages;
DROP TABLE IF EXISTS comments;
DROP TABLE IF EXISTS post_tags;
DROP TABLE IF EXISTS tags;
DROP TABLE IF EXISTS post_categories;
DROP TABLE IF EXISTS categories;
DROP TABLE IF EXISTS posts;
DROP TABLE IF EXISTS users;
`;

export const up: MigrationFn<MigrationContext> = async ({ context }) => {
  await context.sequelize.transaction(async (transaction) => {
    await context.sequelize.query(UP, { transaction });
  });
};

export const down: MigrationFn<MigrationContext> = async ({ context }) => {
  await context.sequelize.transaction(async (transaction) => {
    await context.sequelize.query(DOWN, { transaction });
  });
};
