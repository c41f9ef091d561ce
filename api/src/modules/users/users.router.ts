import { Router } from 'express';
import { requireUser } from '../../http/auth.ts';
import type { AppContext } from '../../http/context.ts';
import { idParamsSchema, parseBody, parseParams } from '../../http/validate.ts';
import { presentUser } from './users.presenter.ts';
import { userCreateSchema, userUpdateSchema } from './users.schemas.ts';
import { createUser, deleteUser, listUsers, resetUserPassword, updateUser } from './users.service.ts';

/** Admin user management; who may call each route is the contract's x-auth (admin), enforced by the app. */
export function usersRouter(ctx: AppContext): Router {
  const router = Router();

  router.get('/admin/users', async (_req, res) => {
    res.json((await listUsers(ctx)).map(presentUser));
  });

  router.post('/admin/users', async (req, res) => {
    const input = parseBody(userCreateSchema, req);
    res.status(201).json({ user: presentUser(await createUser(ctx, input)) });
  });

  router.patch('/admin/users/:id', async (req, res) => {
    const { id } = parseParams(idParamsSchema, req);
    const input = parseBody(userUpdateSchema, req);
    res.json(presentUser(await updateUser(ctx, requireUser(req).id, id, input)));
  });

  router.delete('/admin/users/:id', async (req, res) => {
    const { id } = parseParams(idParamsSchema, req);
    await deleteUser(ctx, requireUser(req).id, id);
    res.json({ message: 'Użytkownik został usunięty' });
  });

  router.post('/admin/users/:id/reset-password', async (req, res) => {
    const { id } = parseParams(idParamsSchema, req);
    const actor = { id: requireUser(req).id, sessionId: req.sessionID };
    res.json(await resetUserPassword(ctx, actor, id));
  });

  return router;
}
