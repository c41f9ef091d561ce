import type { MigrationFn } from 'umzug';
import type { MigrationContext } from './index.ts';

/*
 * A post body changed outside the live session (a plain save, a restored revision, an import, a bare
 * UPDATE) must reach the shared document an API process holds in memory while editors are connected.
 * The trigger that drops the stored shared document now also says so on the API processes' channel
 * (blog_public_changed, migration 0005): `body:<post id>:<transaction id>`, with `:shared` when the
 * writing transaction said its body is the live session's own document (`blog.shared_body` = 'on',
 * set by a save from a shared editor), which then needs no replacing. Delivered at commit, to every
 * API process (collab-server.ts acts on it); a draft's body notifies too.
 */
const UP = `
CREATE OR REPLACE FUNCTION blog_post_collab_state_stale() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  DELETE FROM post_collab_states WHERE post_id = NEW.id;
  PERFORM blog_public_changed('body:' || NEW.id || ':' || txid_current() ||
    CASE WHEN current_setting('blog.shared_body', true) = 'on' THEN ':shared' ELSE '' END);
  RETURN NULL;
END $$;
`;

const DOWN = `
CREATE OR REPLACE FUNCTION blog_post_collab_state_stale() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  DELETE FROM post_collab_states WHERE post_id = NEW.id;
  RETURN NULL;
END $$;
`;

export const up: MigrationFn<MigrationContext> = async ({ context }) => {
  await context.sequelize.query(UP);
};

export const down: MigrationFn<MigrationContext> = async ({ context }) => {
  await context.sequelize.query(DOWN);
};
