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
