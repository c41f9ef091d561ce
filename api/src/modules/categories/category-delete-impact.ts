import type { CategoryDeleteImpact } from '@blog/shared';
import { QueryTypes } from 'sequelize';
import type { Db } from '../../deps.ts';
import { notFound } from '../../errors.ts';
import { VISIBLE_POST_SQL } from '../posts/posts.queries.ts';
import { CATEGORY_NOT_FOUND } from './categories.service.ts';
import { mayChangeCategory, type CategoryActor } from '../../http/category-owner.ts';

/**
 * What deleting a category would do, for the confirmation: its posts, those left with no
 * category at all, those readers would stop seeing (visible now, with no other visible category), and
 * the subscriptions deleted with it. One statement, so the numbers agree with each other. `adminOnly`
 * tells the panel beforehand that the caller, a publisher, may not delete it (the delete decides again).
 */
export async function categoryDeleteImpact(
  db: Db,
  id: number,
  actor: CategoryActor,
): Promise<CategoryDeleteImpact> {
  const [row] = await db.sequelize.query<{
    found: boolean;
    posts: number;
    onlyCategoryPosts: number;
    vanishingPosts: number;
    subscriptions: number;
  }>(
    `SELECT EXISTS (SELECT 1 FROM categories WHERE id = :id) AS found,
            count(*)::int AS posts,
            count(*) FILTER (WHERE NOT EXISTS (
              SELECT 1 FROM post_categories o WHERE o.post_id = p.id AND o.category_id <> :id))::int
              AS "onlyCategoryPosts",
            count(*) FILTER (WHERE ${VISIBLE_POST_SQL} AND NOT EXISTS (
              SELECT 1 FROM post_categories o JOIN categories oc ON oc.id = o.category_id
               WHERE o.post_id = p.id AND o.category_id <> :id AND oc.enabled))::int AS "vanishingPosts",
            (SELECT count(*)::int FROM user_subscriptions s WHERE s.category_id = :id) AS subscriptions
       FROM post_categories link JOIN posts p ON p.id = link.post_id
      WHERE link.category_id = :id`,
    { type: QueryTypes.SELECT, replacements: { id }, transaction: db.transaction },
  );
  if (!row?.found) throw notFound(CATEGORY_NOT_FOUND);
  return {
    posts: row.posts,
    onlyCategoryPosts: row.onlyCategoryPosts,
    vanishingPosts: row.vanishingPosts,
    subscriptions: row.subscriptions,
    adminOnly: !(await mayChangeCategory(db, id, actor)),
  };
}
