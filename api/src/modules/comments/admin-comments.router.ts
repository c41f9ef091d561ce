import { apiRoutes, type ApiRoutes } from '../../http/routes.ts';
import type { AppContext } from '../../http/context.ts';
import { idParamsSchema, parseBody, parseParams } from '../../http/validate.ts';
import { presentAdminComment } from './comments.presenter.ts';
import { bulkDeleteSchema } from './admin-comments.schemas.ts';
import { bulkDeleteComments, deleteComment, listAdminComments } from './admin-comments.service.ts';

/** Comment moderation (staff, the contract's x-auth). */
export function adminCommentsRouter(ctx: AppContext): ApiRoutes {
  const routes = apiRoutes(ctx);

  routes.get('/admin/comments', 'staff', async (_req, res) => {
    res.json((await listAdminComments(ctx)).map(presentAdminComment));
  });

  routes.delete('/admin/comments/:id', 'staff', async (req, res) => {
    const { id } = parseParams(idParamsSchema, req);
    await deleteComment(ctx, id);
    res.json({ message: 'Komentarz został usunięty' });
  });

  routes.post('/admin/comments/bulk-delete', 'staff', async (req, res) => {
    const { ids } = parseBody(bulkDeleteSchema, req);
    const deleted = await bulkDeleteComments(ctx, ids);
    res.json({ message: 'Komentarze zostały usunięte', deleted });
  });

  return routes;
}
