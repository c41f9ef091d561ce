import type { MigrationFn } from 'umzug';
import type { MigrationContext } from './index.ts';

/*
 * Live co-editing of a post body: the shared document (Yjs state, one binary update holding every
 * change so far) per post, written while people edit and when the last of them leaves. A post without
 * a row has never been edited together; its first editor starts the document from the stored HTML.
 * Deleting a post deletes its document. A body changed by anything else (a save, a restored revision,
 * an import, a bare UPDATE) drops the stored document, so the next session starts from that body
 * rather than bringing the older shared text back; editors still connected keep theirs in memory
 * and store it again on their next change.
 */
const UP = `
CREATE TABLE post_collab_states (
  post_id integer PRIMARY KEY REFERENCES posts (id) ON DELETE CASCADE,
  state bytea NOT NULL,
  updated_at timestamptz NOT NULL DEFAULT now()
);
CREATE OR REPLACE FUNCTION blog_post_collab_state_stale() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  DELETE FROM post_collab_states WHERE post_id = NEW.id;
  RETURN NULL;
END $$;
CREATE TRIGGER posts_collab_state_stale AFTER UPDATE OF content ON posts
  FOR EACH ROW WHEN (OLD.content IS DISTINCT FROM NEW.content)
  EXECUTE FUNCTION blog_post_collab_state_stale();
`;

const DOWN = `
DROP TRIGGER IF EXISTS posts_collab_state_stale ON posts;
DROP FUNCTION IF EXISTS blog_post_collab_state_stale();
DROP TABLE IF EXISTS post_collab_states;
`;

export const up: MigrationFn<MigrationContext> = async ({ context }) => {
  await context.sequelize.query(UP);
};

export const down: MigrationFn<MigrationContext> = async ({ context }) => {
  await context.sequelize.query(DOWN);
};
