import type { Db } from '../../deps.ts';
import { Category } from './category.model.ts';

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
