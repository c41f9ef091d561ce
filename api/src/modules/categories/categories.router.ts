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

const STAFF_ROLES = new Set(['admin', 'publisher']);

export function categoriesRouter(ctx: AppContext): ApiRoutes {
  const routes = apiRoutes(ctx);

  // Readers see visible categories only; signed-in staff see all of them (the admin screens).
  routes.get('/categories', 'public', async (req, res) => {
    const visibleOnly = !(req.user && STAFF_ROLES.has(req.user.role));
    res.json((await listCategories(ctx, { visibleOnly })).map(presentCategory));
  });

  routes.post('/admin/categories', 'staff', async (req, res) => {
    const { name } = parseBody(categoryInputSchema, req);
    res.status(201).json(presentCategory(await createCategory(ctx, name)));
  });

  routes.patch('/admin/categories/:id', 'staff', async (req, res) => {
    const { id } = parseParams(idParamsSchema, req);
    const { name, version } = parseBody(categoryInputSchema, req);
    res.json(presentCategory(await renameCategory(ctx, id, name, version)));
  });

  routes.get('/admin/categories/:id/delete-impact', 'staff', async (req, res, caller) => {
    const { id } = parseParams(idParamsSchema, req);
    res.json(await categoryDeleteImpact(ctx, id, caller));
  });

  routes.delete('/admin/categories/:id', { access: 'staff', owner: 'category' }, async (req, res, caller) => {
    const { id } = parseParams(idParamsSchema, req);
    await deleteCategory(ctx, id, caller);
    res.json({ message: 'Kategoria została usunięta' });
  });

  routes.patch(
    '/admin/categories/:id/toggle-visibility',
    { access: 'staff', owner: 'category' },
    async (req, res, caller) => {
      const { id } = parseParams(idParamsSchema, req);
      res.json(presentCategory(await toggleCategoryVisibility(ctx, id, caller)));
    },
  );

  return routes;
}
