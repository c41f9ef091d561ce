import { Router } from 'express';
import type { AppContext } from '../../http/context.ts';
import { idParamsSchema, parseBody, parseParams } from '../../http/validate.ts';
import { presentCategory } from './categories.presenter.ts';
import { categoryInputSchema } from './categories.schemas.ts';
import {
  createCategory,
  deleteCategory,
  listCategories,
  renameCategory,
  toggleCategoryVisibility,
} from './categories.service.ts';

const STAFF_ROLES = new Set(['admin', 'publisher']);

export function categoriesRouter(ctx: AppContext): Router {
  const router = Router();

  // Readers see visible categories only; signed-in staff see all of them (the admin screens).
  router.get('/categories', async (req, res) => {
    const visibleOnly = !(req.user && STAFF_ROLES.has(req.user.role));
    res.json((await listCategories(ctx, { visibleOnly })).map(presentCategory));
  });

  router.post('/admin/categories', async (req, res) => {
    const { name } = parseBody(categoryInputSchema, req);
    res.status(201).json(presentCategory(await createCategory(ctx, name)));
  });

  router.patch('/admin/categories/:id', async (req, res) => {
    const { id } = parseParams(idParamsSchema, req);
    const { name } = parseBody(categoryInputSchema, req);
    res.json(presentCategory(await renameCategory(ctx, id, name)));
  });

  router.delete('/admin/categories/:id', async (req, res) => {
    const { id } = parseParams(idParamsSchema, req);
    await deleteCategory(ctx, id);
    res.json({ message: 'Kategoria została usunięta' });
  });

  router.patch('/admin/categories/:id/toggle-visibility', async (req, res) => {
    const { id } = parseParams(idParamsSchema, req);
    res.json(presentCategory(await toggleCategoryVisibility(ctx, id)));
  });

  return router;
}
