import { Router } from 'express';
import { requireUser } from '../../http/auth.ts';
import type { AppContext } from '../../http/context.ts';
import { idParamsSchema, parseParams } from '../../http/validate.ts';
import { localImageStorage } from '../images/image-storage.ts';
import { presentAdminPost, presentAdminPostListItem } from './admin-posts.presenter.ts';
import { parsePostData } from './admin-posts.schemas.ts';
import {
  createPost,
  deletePost,
  getAdminPost,
  listAdminPosts,
  togglePostVisibility,
  updatePost,
} from './admin-posts.service.ts';
import { postDataField, readPostUpload, uploadedFile } from './post-upload.ts';

/**
 * Posts in the admin panel. Who may call each route (staff; publishers only their own posts for
 * x-owner: post) is the contract's, enforced by the app before these handlers run.
 */
export function adminPostsRouter(ctx: AppContext): Router {
  const router = Router();
  const storage = localImageStorage(ctx.config.uploadsDir);

  router.get('/admin/posts', async (_req, res) => {
    const { rows, relations } = await listAdminPosts(ctx);
    res.json(rows.map((row) => presentAdminPostListItem(row, relations)));
  });

  router.get('/admin/posts/:id', async (req, res) => {
    const { id } = parseParams(idParamsSchema, req);
    const { row, relations } = await getAdminPost(ctx, id);
    res.json(presentAdminPost(row, relations));
  });

  router.post('/admin/posts', readPostUpload, async (req, res) => {
    const input = parsePostData(postDataField(req));
    const { row, relations } = await createPost(ctx, storage, requireUser(req).id, input, uploadedFile(req));
    res.status(201).json(presentAdminPost(row, relations));
  });

  router.put('/admin/posts/:id', readPostUpload, async (req, res) => {
    const { id } = parseParams(idParamsSchema, req);
    const input = parsePostData(postDataField(req));
    const { row, relations } = await updatePost(ctx, storage, id, input, uploadedFile(req));
    res.json(presentAdminPost(row, relations));
  });

  router.delete('/admin/posts/:id', async (req, res) => {
    const { id } = parseParams(idParamsSchema, req);
    await deletePost(ctx, storage, id);
    res.json({ message: 'Post został usunięty' });
  });

  router.patch('/admin/posts/:id/toggle-visibility', async (req, res) => {
    const { id } = parseParams(idParamsSchema, req);
    res.json(await togglePostVisibility(ctx, id));
  });

  return router;
}
