import { Category } from './category.model.ts';

export async function listCategories(options: { visibleOnly: boolean }): Promise<Category[]> {
  return Category.findAll({
    where: options.visibleOnly ? { enabled: true } : {},
    order: [
      ['name', 'ASC'],
      ['id', 'ASC'],
    ],
  });
}
