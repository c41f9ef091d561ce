import { can, type Role } from '@blog/shared/policy';
import { CATEGORY_ADMIN_ONLY } from '@blog/shared/rules';
import { QueryTypes } from 'sequelize';
import type { Db } from '../deps.ts';
import { forbidden } from '../errors.ts';

/*
 * The `x-owner: category` rule (the contract's conventions): here beside the post rule of routes.ts,
 * since both the access check in front of a route and the categories service (inside its transaction)
 * ask it.
 */

/** Who changes a category: only a publisher is limited to categories that hold nothing of anyone else's. */
export interface CategoryActor {
  id: number;
  role: Role;
}

export type CategoryChange = keyof typeof CATEGORY_ADMIN_ONLY;

/**
 * Whether the category holds work that is not `userId`'s: a post someone else wrote (published or
 * not; a post whose author was removed counts, since it is nobody's to give away) or a subscription
 * (people's data, deleted with the category or mailed when it is shown).
 */
export async function holdsOthersWork(db: Db, categoryId: number, userId: number): Promise<boolean> {
  const [row] = await db.sequelize.query<{ others: boolean }>(
    `SELECT EXISTS (SELECT 1 FROM post_categories link JOIN posts p ON p.id = link.post_id
                     WHERE link.category_id = :categoryId AND p.user_id IS DISTINCT FROM :userId)
            OR EXISTS (SELECT 1 FROM user_subscriptions s WHERE s.category_id = :categoryId) AS others`,
    { type: QueryTypes.SELECT, replacements: { categoryId, userId }, transaction: db.transaction },
  );
  return row?.others === true;
}

/** Whether `actor` may delete, hide or show the category (the policy's `changeCategory`). */
export async function mayChangeCategory(db: Db, categoryId: number, actor: CategoryActor): Promise<boolean> {
  // Someone the policy lets change any category needs no look at what it holds.
  if (can(actor, 'changeCategory', { holdsOthersWork: true })) return true;
  return can(actor, 'changeCategory', { holdsOthersWork: await holdsOthersWork(db, categoryId, actor.id) });
}

/**
 * 403 when a publisher would delete, hide or show a category holding others' work; admins may always.
 * Run it inside the change's transaction after locking the category row: the lock makes a concurrent
 * post link or subscription (their foreign keys lock the row too) wait until the change is decided.
 */
export async function assertMayChangeCategory(
  db: Db,
  categoryId: number,
  actor: CategoryActor,
  change: CategoryChange,
): Promise<void> {
  if (!(await mayChangeCategory(db, categoryId, actor))) throw forbidden(CATEGORY_ADMIN_ONLY[change]);
}
