import { VISIBLE_CATEGORY_SQL } from '@blog/api/posts/queries';
import { QueryTypes } from 'sequelize';
import type { Sequelize } from 'sequelize-typescript';

export interface VisibleCategory {
  id: number;
  name: string;
}

/**
 * The post's categories readers can see, by id. With the post's `published` flag this is the visible
 * post rule of VISIBLE_POST_SQL, asked in two steps so a skipped notification says which half failed.
 */
export async function visibleCategoriesOf(sequelize: Sequelize, postId: number): Promise<VisibleCategory[]> {
  return sequelize.query<VisibleCategory>(
    `SELECT c.id, c.name FROM post_categories pc JOIN categories c ON c.id = pc.category_id
     WHERE pc.post_id = :postId AND ${VISIBLE_CATEGORY_SQL} ORDER BY c.id`,
    { replacements: { postId }, type: QueryTypes.SELECT },
  );
}

export interface RecipientPage {
  /** lower(email): the page's sort key, one per address. */
  key: string;
  /** The address as first subscribed (lowest subscription id). */
  email: string;
}

/**
 * One page of the distinct addresses with an active subscription to any of `categoryIds`, after
 * `afterKey` in lower(email) order: keyset paging keeps memory flat at any number of subscribers,
 * and an address subscribed to several of the categories appears once.
 */
export async function activeRecipientsPage(
  sequelize: Sequelize,
  categoryIds: number[],
  afterKey: string,
  pageSize: number,
): Promise<RecipientPage[]> {
  return sequelize.query<RecipientPage>(
    `SELECT DISTINCT ON (lower(email)) lower(email) AS key, email FROM user_subscriptions
     WHERE active AND category_id IN (:categoryIds) AND lower(email) > :afterKey
     ORDER BY lower(email), id LIMIT :pageSize`,
    { replacements: { categoryIds, afterKey, pageSize }, type: QueryTypes.SELECT },
  );
}
