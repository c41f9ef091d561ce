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
  const routes = apiRoutes();

  routes.on('adminListUsers', async (req, res) => {
    const page = await listAdminUsersPage(ctx, parseQuery(adminUsersQuerySchema, req));
    res.json({ ...page, items: page.items.map(presentUser) });
  });

  routes.on('adminCreateUser', async (req, res) => {
    const input = parseBody(userCreateSchema, req);
    res.status(201).json({ user: presentUser(await createUser(ctx, input)) });
  });

  routes.on('adminUpdateUser', async (req, res, admin) => {
    const { id } = parseParams(idParamsSchema, req);
    const input = parseBody(userUpdateSchema, req);
    res.json(presentUser(await updateUser(ctx, admin.id, id, input)));
  });

  routes.on('adminDeleteUser', async (req, res, admin) => {
    const { id } = parseParams(idParamsSchema, req);
    await deleteUser(ctx, admin.id, id);
    res.json({ message: 'Użytkownik został usunięty' });
  });

  routes.on('adminResetUserPassword', async (req, res, admin) => {
    const { id } = parseParams(idParamsSchema, req);
    const actor = { id: admin.id, sessionId: req.sessionID };
    res.json(await resetUserPassword(ctx, actor, id));
  });

  routes.on('adminMapImportedUser', async (req, res) => {
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
