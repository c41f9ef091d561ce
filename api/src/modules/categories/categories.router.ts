import { isStaff } from '@blog/shared/policy';
import { apiRoutes, type ApiRoutes } from '../../http/routes.ts';
import type { AppContext } from '../../http/context.ts';
import { idParamsSchema, parseBody, parseParams } from '../../http/validate.ts';
import { presentCategory } from './categories.presenter.ts';
import { categoryInputSchema } from './categories.schemas.ts';
import { categoryDeleteImpact } from './category-delete-impact.ts';
import {
  createCategory,
  deleteCategory,
  listCategories,
  renameCategory,
  toggleCategoryVisibility,
} from './categories.service.ts';

export function categoriesRouter(ctx: AppContext): ApiRoutes {
  const routes = apiRoutes();

  // Readers see visible categories only; signed-in staff see all of them (the admin screens).
  routes.on('listCategories', async (req, res) => {
    const visibleOnly = !isStaff(req.user?.role);
    res.json((await listCategories(ctx, { visibleOnly })).map(presentCategory));
  });

  routes.on('adminCreateCategory', async (req, res) => {
    const { name } = parseBody(categoryInputSchema, req);
    res.status(201).json(presentCategory(await createCategory(ctx, name)));
  });

  routes.on('adminRenameCategory', async (req, res) => {
    const { id } = parseParams(idParamsSchema, req);
    const { name, version } = parseBody(categoryInputSchema, req);
    res.json(presentCategory(await renameCategory(ctx, id, name, version)));
  });

  routes.on('adminCategoryDeleteImpact', async (req, res, caller) => {
    const { id } = parseParams(idParamsSchema, req);
    res.json(await categoryDeleteImpact(ctx, id, caller));
  });

  routes.on('adminDeleteCategory', async (req, res, caller) => {
    const { id } = parseParams(idParamsSchema, req);
    await deleteCategory(ctx, id, caller);
    res.json({ message: 'Kategoria została usunięta' });
  });

  routes.on('adminToggleCategoryVisibility', async (req, res, caller) => {
    const { id } = parseParams(idParamsSchema, req);
    res.json(presentCategory(await toggleCategoryVisibility(ctx, id, caller)));
  });

  return routes;
}
