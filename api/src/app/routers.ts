import type { Router } from 'express';
import type { AppContext } from '../http/context.ts';
import { authRouter } from '../modules/auth/auth.router.ts';
import { categoriesRouter } from '../modules/categories/categories.router.ts';
import { adminCommentsRouter } from '../modules/comments/admin-comments.router.ts';
import { commentsRouter } from '../modules/comments/comments.router.ts';
import { contactRouter } from '../modules/contact/contact.router.ts';
import { feedsRouter } from '../modules/feeds/feeds.router.ts';
import { imagesRouter } from '../modules/images/images.router.ts';
import { adminPostsRouter } from '../modules/posts/admin-posts.router.ts';
import { postsRouter } from '../modules/posts/posts.router.ts';
import { emailSettingsRouter } from '../modules/settings/email-settings.router.ts';
import { settingsRouter } from '../modules/settings/settings.router.ts';
import { subscriptionsRouter } from '../modules/subscriptions/subscriptions.router.ts';
import { tagsRouter } from '../modules/tags/tags.router.ts';
import { usersRouter } from '../modules/users/users.router.ts';

export interface MountedRouter {
  /** `/api` for calls of the contract's base path; `/` for the few that live at the site root. */
  path: '/api' | '/';
  router: Router;
}

/** Every module's router and where it is mounted, in this order. Add a module here and nowhere else. */
export function moduleRouters(ctx: AppContext): MountedRouter[] {
  return [
    { path: '/', router: feedsRouter(ctx) },
    { path: '/api', router: authRouter(ctx) },
    { path: '/api', router: usersRouter(ctx) },
    { path: '/api', router: settingsRouter(ctx) },
    { path: '/api', router: postsRouter(ctx) },
    { path: '/api', router: adminPostsRouter(ctx) },
    { path: '/api', router: commentsRouter(ctx) },
    { path: '/api', router: adminCommentsRouter(ctx) },
    { path: '/api', router: categoriesRouter(ctx) },
    { path: '/api', router: tagsRouter(ctx) },
    { path: '/api', router: contactRouter(ctx) },
    { path: '/api', router: imagesRouter(ctx) },
    { path: '/api', router: subscriptionsRouter(ctx) },
    { path: '/api', router: emailSettingsRouter(ctx) },
  ];
}
