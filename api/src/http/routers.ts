import type { Router } from 'express';
import { categoriesRouter } from '../modules/categories/categories.router.ts';
import { commentsRouter } from '../modules/comments/comments.router.ts';
import { contactRouter } from '../modules/contact/contact.router.ts';
import { imagesRouter } from '../modules/images/images.router.ts';
import { postsRouter } from '../modules/posts/posts.router.ts';
import { tagsRouter } from '../modules/posts/tags.router.ts';
import { settingsRouter } from '../modules/settings/settings.router.ts';
import type { AppContext } from './context.ts';

/** Every module's router, mounted under /api in this order. Add a module here and nowhere else. */
export function apiRouters(ctx: AppContext): Router[] {
  return [
    settingsRouter(),
    postsRouter(ctx),
    commentsRouter(ctx),
    categoriesRouter(),
    tagsRouter(ctx),
    contactRouter(ctx),
    imagesRouter(ctx),
  ];
}
