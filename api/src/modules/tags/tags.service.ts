import { QueryTypes } from 'sequelize';
import type { Db } from '../../deps.ts';
import { VISIBLE_POST_SQL } from '../posts/posts.queries.ts';

/** Tags used by posts a reader may see, most used first. */
export async function listVisibleTags(db: Db): Promise<{ name: string; count: number }[]> {
  return db.sequelize.query<{ name: string; count: number }>(
    `SELECT t.name, count(*)::int AS count
       FROM tags t JOIN post_tags pt ON pt.tag_id = t.id JOIN posts p ON p.id = pt.post_id
      WHERE ${VISIBLE_POST_SQL}
      GROUP BY t.id, t.name
      ORDER BY count DESC, t.name`,
    { type: QueryTypes.SELECT, transaction: db.transaction },
  );
}

/** Trimmed, non-empty names without case-insensitive duplicates (the first spelling wins). */
export function distinctTagNames(names: readonly string[]): string[] {
  const seen = new Map<string, string>();
  for (const raw of names) {
    const name = raw.trim();
    if (name && !seen.has(name.toLowerCase())) seen.set(name.toLowerCase(), name);
  }
  return [...seen.values()];
}

/**
 * Replaces the tags of a post: each name reuses the tag of the same name (case-insensitive, the
 * tags table is shared by every post) or creates it. Concurrent saves creating the same new tag
 * meet at the unique index and both end up with the one row.
 */
export async function setPostTags(db: Db, postId: number, names: readonly string[]): Promise<void> {
  const distinct = distinctTagNames(names);
  await db.sequelize.query('DELETE FROM post_tags WHERE post_id = :postId', {
    replacements: { postId },
    transaction: db.transaction,
  });
  if (distinct.length === 0) return;
  await db.sequelize.query(
    `INSERT INTO tags (name) SELECT unnest(ARRAY[:names]::varchar[]) ON CONFLICT ((lower(name))) DO NOTHING`,
    { replacements: { names: distinct }, transaction: db.transaction },
  );
  await db.sequelize.query(
    `INSERT INTO post_tags (post_id, tag_id)
     SELECT :postId, t.id FROM tags t WHERE lower(t.name) IN (:lowerNames)
     ON CONFLICT DO NOTHING`,
    {
      replacements: { postId, lowerNames: distinct.map((name) => name.toLowerCase()) },
      transaction: db.transaction,
    },
  );
}
