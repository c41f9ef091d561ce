import type { Category as CategoryBody } from '@blog/shared';
import type { Category } from './category.model.ts';

export const presentCategory = (category: Category): CategoryBody => ({
  id: category.id,
  name: category.name,
  enabled: category.enabled,
  version: category.version,
});
