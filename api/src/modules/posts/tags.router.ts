import { Router } from 'express';
import { QueryTypes } from 'sequelize';
import type { AppContext } from '../../http/context.ts';
import { VISIBLE_POST_SQL } from './posts.queries.ts';

/** Tags used by posts a reader may see, most used first. */
export function tagsRouter(ctx: AppContext): Router {
  const router = Router();
  router.get('/tags', async (_req, res) => {
    const rows = await ctx.sequelize.query<{ name: string; count: number }>(
      `SELECT t.name, count(*)::int AS count
         FROM tags t JOIN post_tags pt ON pt.tag_id = t.id JOIN posts p ON p.id = pt.post_id
        WHERE ${VISIBLE_POST_SQL}
        GROUP BY t.id, t.name
        ORDER BY count DESC, t.name`,
      { type: QueryTypes.SELECT },
    );
    res.json(rows.map((row) => ({ name: row.name, count: row.count })));
  });
  return router;
}
