import { QueryTypes } from 'sequelize';
import * as Y from 'yjs';
import type { Deps } from '../../deps.ts';

/** The stored shared document of a post (one Yjs update holding all its changes), if it has one. */
export async function loadCollabState(
  deps: Pick<Deps, 'sequelize'>,
  postId: number,
): Promise<Uint8Array | undefined> {
  const [row] = await deps.sequelize.query<{ state: Buffer }>(
    'SELECT state FROM post_collab_states WHERE post_id = :postId',
    { type: QueryTypes.SELECT, replacements: { postId } },
  );
  return row ? new Uint8Array(row.state) : undefined;
}

/**
 * Writes the shared document of a post, merged with the one stored: several API processes store the
 * same document (each its own editors' changes, and each what it holds when its last editor leaves),
 * and one holding less than another wrote must not take that away. A post deleted meanwhile writes
 * nothing (its row would break the foreign key, and the document has nothing left to belong to).
 */
export async function storeCollabState(
  deps: Pick<Deps, 'sequelize'>,
  postId: number,
  state: Uint8Array,
): Promise<void> {
  await deps.sequelize.transaction(async (transaction) => {
    // One store of a post at a time, a first one too (two would both read no row, the later winning).
    await deps.sequelize.query("SELECT pg_advisory_xact_lock(hashtext('blog:collab-state:' || :postId))", {
      replacements: { postId },
      transaction,
    });
    const [row] = await deps.sequelize.query<{ state: Buffer }>(
      'SELECT state FROM post_collab_states WHERE post_id = :postId',
      { type: QueryTypes.SELECT, replacements: { postId }, transaction },
    );
    const merged = row ? Y.mergeUpdates([new Uint8Array(row.state), state]) : state;
    await deps.sequelize.query(
      `INSERT INTO post_collab_states (post_id, state, updated_at)
       SELECT id, $2, now() FROM posts WHERE id = $1
       ON CONFLICT (post_id) DO UPDATE SET state = EXCLUDED.state, updated_at = EXCLUDED.updated_at`,
      { bind: [postId, Buffer.from(merged)], transaction },
    );
  });
}

/** The saved body HTML of a post, if the post still exists. */
export async function loadPostBody(
  deps: Pick<Deps, 'sequelize'>,
  postId: number,
): Promise<string | undefined> {
  const [row] = await deps.sequelize.query<{ content: string }>(
    'SELECT content FROM posts WHERE id = :postId',
    {
      type: QueryTypes.SELECT,
      replacements: { postId },
    },
  );
  return row?.content;
}
