import { QueryTypes, type Transaction } from 'sequelize';
import type { Deps } from '../../deps.ts';
import { VISIBLE_POST_SQL } from './posts.queries.ts';

/**
 * Writes that can make a post visible (post create, edit, publish switch; a category shown again)
 * take this lock first, one at a time. Without it a post published in a hidden category while that
 * category is being shown could end up visible with neither transaction seeing the other's change,
 * and its `post.published` would never go out. Such writes are rare; waiting is cheap.
 */
export async function lockPublicationDecisions(deps: Pick<Deps, 'sequelize'>, transaction: Transaction) {
  await deps.sequelize.query("SELECT pg_advisory_xact_lock(hashtext('blog:post-visibility'))", {
    transaction,
  });
}

export type PublicationScope = { postId: number } | { categoryId: number };

/**
 * Records `post.published` for every post of the scope that readers can now see for the first time,
 * in the caller's transaction. The conditional UPDATE (`first_published_at IS NULL`) is the
 * once-per-post guarantee: a later edit, a re-publish or a concurrent double click finds the moment
 * already set and records nothing. A post that came from another blog's export (a row in
 * import_sources) gets its moment but no event, whenever and however it goes public here: an import
 * never e-mails anyone (docs/importing.md).
 */
export async function recordFirstPublications(
  deps: Pick<Deps, 'sequelize' | 'events' | 'clock'>,
  transaction: Transaction,
  scope: PublicationScope,
): Promise<number[]> {
  const inScope =
    'postId' in scope
      ? 'p.id = :postId'
      : 'p.id IN (SELECT pc.post_id FROM post_categories pc WHERE pc.category_id = :categoryId)';
  const rows = await deps.sequelize.query<{ id: number; imported: boolean }>(
    `UPDATE posts p SET first_published_at = :now
      WHERE p.first_published_at IS NULL AND ${inScope} AND ${VISIBLE_POST_SQL}
      RETURNING p.id, EXISTS (SELECT 1 FROM import_sources s WHERE s.kind = 'post' AND s.local_id = p.id) AS imported`,
    {
      type: QueryTypes.SELECT,
      replacements: { ...scope, now: deps.clock.now() },
      transaction,
    },
  );
  for (const { id, imported } of rows) {
    if (!imported) await deps.events.record({ type: 'post.published', payload: { postId: id } }, transaction);
  }
  return rows.map((row) => row.id);
}
