import { apiRoutes, type ApiRoutes } from '../../http/routes.ts';
import type { AppContext } from '../../http/context.ts';
import { idParamsSchema, parseBody, parseParams, parseQuery } from '../../http/validate.ts';
import { bulkPosts, bulkPostsSchema, bulkSummary } from './admin-posts.bulk.ts';
import { adminPostsQuerySchema, listAdminPostsPage } from './admin-posts.list.ts';
import { imageStorageFor } from '../images/image-storage.ts';
import { presentAdminPost, presentAdminPostListItem } from './admin-posts.presenter.ts';
import { parsePostData } from './admin-posts.schemas.ts';
import {
  createPost,
  deletePost,
  getAdminPost,
  togglePostVisibility,
  updatePost,
} from './admin-posts.service.ts';
import { postDataField, postUploads, readPostUpload } from './post-upload.ts';

/**
 * Posts in the admin panel. Who may call each route (staff; publishers only their own posts for
 * x-owner: post) is the contract's, enforced by the app before these handlers run.
 */
export function adminPostsRouter(ctx: AppContext): ApiRoutes {
  const routes = apiRoutes();
  const storage = imageStorageFor(ctx.config);

  routes.on('adminListPosts', async (req, res) => {
    const { rows, relations, page } = await listAdminPostsPage(ctx, parseQuery(adminPostsQuerySchema, req));
    res.json({ ...page, items: rows.map((row) => presentAdminPostListItem(row, relations)) });
  });

  // Rights are per post here (a publisher's own posts only), reported in each post's result.
  routes.on('adminBulkPosts', async (req, res, caller) => {
    const input = parseBody(bulkPostsSchema, req);
    const results = await bulkPosts(ctx, storage, caller, input);
    res.json({ message: bulkSummary(input.action, results), results });
  });

  routes.on('adminGetPost', async (req, res) => {
    const { id } = parseParams(idParamsSchema, req);
    const { row, relations } = await getAdminPost(ctx, id);
    res.json(presentAdminPost(row, relations));
  });

  routes.on('adminCreatePost', readPostUpload, async (req, res, author) => {
    const input = parsePostData(postDataField(req));
    const { row, relations } = await createPost(ctx, storage, author.id, input, postUploads(req));
    res.status(201).json(presentAdminPost(row, relations));
  });

  routes.on('adminUpdatePost', readPostUpload, async (req, res, editor) => {
    const { id } = parseParams(idParamsSchema, req);
    const input = parsePostData(postDataField(req));
    const { row, relations } = await updatePost(ctx, storage, id, input, postUploads(req), editor.id, {
      sharedBody: req.get('x-shared-body') === '1',
    });
    res.json(presentAdminPost(row, relations));
  });

  routes.on('adminDeletePost', async (req, res) => {
    const { id } = parseParams(idParamsSchema, req);
    await deletePost(ctx, storage, id);
    res.json({ message: 'Post został usunięty' });
  });

  routes.on('adminTogglePostVisibility', async (req, res) => {
    const { id } = parseParams(idParamsSchema, req);
    res.json(await togglePostVisibility(ctx, id));
  });

  return routes;
}
