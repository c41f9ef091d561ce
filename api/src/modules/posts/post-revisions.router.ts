import { z } from 'zod';
import { apiRoutes, type ApiRoutes } from '../../http/routes.ts';
import type { AppContext } from '../../http/context.ts';
import { idParamsSchema, parseBody, parseParams } from '../../http/validate.ts';
import { revisionRestoreForm } from '@blog/shared/rules';
import { localImageStorage } from '../images/image-storage.ts';
import { zodFromForm } from '../../validation/zod-from-rules.ts';
import { presentAdminPost } from './admin-posts.presenter.ts';
import { restoreRevision } from './post-revision-restore.ts';
import { presentRevision, presentRevisionSummary } from './post-revisions.presenter.ts';
import { getRevision, listRevisions } from './post-revisions.service.ts';

const BAD_REVISION_ID = 'Nieprawidłowy identyfikator wersji.';
const revisionParamsSchema = idParamsSchema.extend({
  revisionId: z.coerce
    .number({ error: BAD_REVISION_ID })
    .int(BAD_REVISION_ID)
    .min(1, BAD_REVISION_ID)
    .max(2_147_483_647, BAD_REVISION_ID),
});
const restoreBodySchema = zodFromForm(revisionRestoreForm);

/**
 * „Historia zmian” of the post editor: list, read and restore revisions. Access (staff; publishers
 * only their own posts, x-owner: post) is the contract's, enforced before these handlers run.
 */
export function postRevisionsRouter(ctx: AppContext): ApiRoutes {
  const routes = apiRoutes();
  const storage = localImageStorage(ctx.config.uploadsDir);

  routes.on('adminListPostRevisions', async (req, res) => {
    const { id } = parseParams(idParamsSchema, req);
    res.json((await listRevisions(ctx, id)).map(presentRevisionSummary));
  });

  routes.on('adminGetPostRevision', async (req, res) => {
    const { id, revisionId } = parseParams(revisionParamsSchema, req);
    res.json(presentRevision(await getRevision(ctx, id, revisionId)));
  });

  routes.on('adminRestorePostRevision', async (req, res, editor) => {
    const { id, revisionId } = parseParams(revisionParamsSchema, req);
    const { version } = parseBody(restoreBodySchema, req);
    const { row, relations } = await restoreRevision(ctx, storage, id, revisionId, version, editor.id, {
      sharedBody: req.get('x-shared-body') === '1',
    });
    res.json(presentAdminPost(row, relations));
  });

  return routes;
}
