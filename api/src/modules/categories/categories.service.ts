import { literal, QueryTypes } from 'sequelize';
import type { Db, Deps } from '../../deps.ts';
import { conflict, notFound } from '../../errors.ts';
import { lockPublicationDecisions, recordFirstPublications } from '../posts/post-publication.ts';
import { Category } from './category.model.ts';
import { assertMayChangeCategory, type CategoryActor } from '../../http/category-owner.ts';

export const CATEGORY_NAME_TAKEN = 'Kategoria o tej nazwie już istnieje.';
export const CATEGORY_NOT_FOUND = 'Kategoria nie została znaleziona.';

type WriteDeps = Pick<Deps, 'sequelize' | 'events' | 'clock' | 'redis' | 'config'>;

export async function listCategories(db: Db, options: { visibleOnly: boolean }): Promise<Category[]> {
  return Category.findAll({
    where: options.visibleOnly ? { enabled: true } : {},
    order: [
      ['name', 'ASC'],
      ['id', 'ASC'],
    ],
    transaction: db.transaction,
  });
}

async function assertNameFree(db: Db, name: string, exceptId: number): Promise<void> {
  const [taken] = await db.sequelize.query<{ id: number }>(
    'SELECT id FROM categories WHERE lower(name) = lower(:name) AND id <> :exceptId',
    { type: QueryTypes.SELECT, replacements: { name, exceptId }, transaction: db.transaction },
  );
  if (taken) throw conflict(CATEGORY_NAME_TAKEN, 'name');
}

/** The unique index on lower(name) still answers a race that slipped past assertNameFree. */
function nameConflict(err: unknown): unknown {
  const parent = (err as { parent?: { code?: string; constraint?: string } }).parent;
  return parent?.code === '23505' && parent.constraint === 'categories_name_lower_key'
    ? conflict(CATEGORY_NAME_TAKEN, 'name')
    : err;
}

/** A new, visible category. Names are unique whatever their letter case. */
export async function createCategory(deps: WriteDeps, name: string): Promise<Category> {
  await assertNameFree(deps, name, 0);
  // A new category has no posts yet: nothing readers see changes.
  return Category.create({ name }).catch((err: unknown) => {
    throw nameConflict(err);
  });
}

export const CATEGORY_EDIT_CONFLICT =
  'Ktoś inny zmienił tę kategorię w międzyczasie. Twoja zmiana nie została zapisana: odśwież listę i spróbuj ponownie.';

/** Renames; with `version`, only when nobody changed the category since it was loaded (else 409). */
export async function renameCategory(
  deps: WriteDeps,
  id: number,
  name: string,
  version?: number,
): Promise<Category> {
  const category = await deps.sequelize
    .transaction(async (transaction) => {
      const db = { sequelize: deps.sequelize, transaction };
      const found = await Category.findByPk(id, { transaction });
      if (!found) throw notFound(CATEGORY_NOT_FOUND);
      await assertNameFree(db, name, id);
      const [updated] = await Category.update(
        { name, version: literal('version + 1') as unknown as number },
        { where: version === undefined ? { id } : { id, version }, transaction },
      );
      if (updated === 0) throw conflict(CATEGORY_EDIT_CONFLICT, 'version');
      return found.reload({ transaction });
    })
    .catch((err: unknown) => {
      throw nameConflict(err);
    });
  return category;
}

/**
 * Deletes the category, its post links and its subscriptions (cascades); the posts stay. A publisher
 * may only delete one that holds nothing of anyone else's (checked under the row's lock).
 */
export async function deleteCategory(deps: WriteDeps, id: number, actor: CategoryActor): Promise<void> {
  await deps.sequelize.transaction(async (transaction) => {
    const db = { sequelize: deps.sequelize, transaction };
    const found = await Category.findByPk(id, { transaction, lock: transaction.LOCK.UPDATE });
    if (!found) throw notFound(CATEGORY_NOT_FOUND);
    await assertMayChangeCategory(db, id, actor, 'delete');
    await found.destroy({ transaction });
  });
}

/**
 * Shows or hides a category. Showing it can make published posts visible for the first time: they
 * get their `post.published` in the same transaction. A publisher may only do either to a category that
 * holds nothing of anyone else's (hiding hides other authors' posts; showing publishes them and mails
 * the subscribers).
 */
export async function toggleCategoryVisibility(
  deps: WriteDeps,
  id: number,
  actor: CategoryActor,
): Promise<Category> {
  const category = await deps.sequelize.transaction(async (transaction) => {
    await lockPublicationDecisions(deps, transaction);
    const found = await Category.findByPk(id, { transaction, lock: transaction.LOCK.UPDATE });
    if (!found) throw notFound(CATEGORY_NOT_FOUND);
    await assertMayChangeCategory(
      { sequelize: deps.sequelize, transaction },
      id,
      actor,
      found.enabled ? 'hide' : 'show',
    );
    await found.update(
      { enabled: !found.enabled, version: literal('version + 1') as unknown as number },
      { transaction },
    );
    await found.reload({ transaction });
    if (found.enabled) await recordFirstPublications(deps, transaction, { categoryId: id });
    return found;
  });
  return category;
}
