import { COMMENT_TEXTS } from '@blog/shared/messages';
import { apiRoutes, type ApiRoutes } from '../../http/routes.ts';
import type { AppContext } from '../../http/context.ts';
import { idParamsSchema, parseBody, parseParams, parseQuery } from '../../http/validate.ts';
import { adminCommentsQuerySchema, listAdminCommentsPage } from './admin-comments.list.ts';
import { presentAdminComment } from './comments.presenter.ts';
import { bulkDeleteSchema } from './admin-comments.schemas.ts';
import { approveComment, bulkDeleteComments, deleteComment } from './admin-comments.service.ts';

/** Comment moderation (staff, the contract's x-auth): the list, approving, deleting (rejecting). */
export function adminCommentsRouter(ctx: AppContext): ApiRoutes {
  const routes = apiRoutes();

  routes.on('adminListComments', async (req, res) => {
    const page = await listAdminCommentsPage(ctx, parseQuery(adminCommentsQuerySchema, req));
    res.json({ ...page, items: page.items.map(presentAdminComment) });
  });

  routes.on('adminApproveComment', async (req, res) => {
    const { id } = parseParams(idParamsSchema, req);
    await approveComment(ctx, id);
    res.json({ message: COMMENT_TEXTS.approved });
  });

  routes.on('adminDeleteComment', async (req, res) => {
    const { id } = parseParams(idParamsSchema, req);
    await deleteComment(ctx, id);
    res.json({ message: COMMENT_TEXTS.deleted });
  });

  routes.on('adminBulkDeleteComments', async (req, res) => {
    const { ids } = parseBody(bulkDeleteSchema, req);
    const deleted = await bulkDeleteComments(ctx, ids);
    res.json({ message: COMMENT_TEXTS.bulkDeleted, deleted });
  });

  return routes;
}
