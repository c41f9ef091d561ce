import { apiRoutes, type ApiRoutes } from '../../http/routes.ts';
import type { AppContext } from '../../http/context.ts';
import { idParamsSchema, parseBody, parseParams, parseQuery } from '../../http/validate.ts';
import { adminUsersQuerySchema, listAdminUsersPage } from './admin-users.list.ts';
import { MAP_TEXTS, mapImportedUser, mapImportedUserSchema } from './map-imported-user.ts';
import { presentUser } from './users.presenter.ts';
import { userCreateSchema, userUpdateSchema } from './users.schemas.ts';
import { createUser, deleteUser, resetUserPassword, updateUser } from './users.service.ts';

/** Admin user management; who may call each route is the contract's x-auth (admin), enforced by the app. */
export function usersRouter(ctx: AppContext): ApiRoutes {
  const routes = apiRoutes(ctx);

  routes.get('/admin/users', 'admin', async (req, res) => {
    const page = await listAdminUsersPage(ctx, parseQuery(adminUsersQuerySchema, req));
    res.json({ ...page, items: page.items.map(presentUser) });
  });

  routes.post('/admin/users', 'admin', async (req, res) => {
    const input = parseBody(userCreateSchema, req);
    res.status(201).json({ user: presentUser(await createUser(ctx, input)) });
  });

  routes.patch('/admin/users/:id', 'admin', async (req, res, admin) => {
    const { id } = parseParams(idParamsSchema, req);
    const input = parseBody(userUpdateSchema, req);
    res.json(presentUser(await updateUser(ctx, admin.id, id, input)));
  });

  routes.delete('/admin/users/:id', 'admin', async (req, res, admin) => {
    const { id } = parseParams(idParamsSchema, req);
    await deleteUser(ctx, admin.id, id);
    res.json({ message: 'Użytkownik został usunięty' });
  });

  routes.post('/admin/users/:id/reset-password', 'admin', async (req, res, admin) => {
    const { id } = parseParams(idParamsSchema, req);
    const actor = { id: admin.id, sessionId: req.sessionID };
    res.json(await resetUserPassword(ctx, actor, id));
  });

  routes.post('/admin/users/:id/map', 'admin', async (req, res) => {
    const { id } = parseParams(idParamsSchema, req);
    const { targetId } = parseBody(mapImportedUserSchema, req);
    const { target, movedPosts } = await mapImportedUser(ctx, id, targetId);
    res.json({
      message: MAP_TEXTS.done(movedPosts, target.username),
      target: presentUser(target),
      movedPosts,
    });
  });

  return routes;
}
