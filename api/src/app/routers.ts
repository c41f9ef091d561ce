import type { AppContext } from '../http/context.ts';
import type { ApiRoutes } from '../http/routes.ts';
import type { PublicCacheDeps } from '../modules/public-cache/public-cache.ts';
import { authRouter } from '../modules/auth/auth.router.ts';
import { categoriesRouter } from '../modules/categories/categories.router.ts';
import { adminCommentsRouter } from '../modules/comments/admin-comments.router.ts';
import { commentsRouter } from '../modules/comments/comments.router.ts';
import { contactRouter } from '../modules/contact/contact.router.ts';
import { feedsRouter } from '../modules/feeds/feeds.router.ts';
import { imagesRouter } from '../modules/images/images.router.ts';
import { adminPostsRouter } from '../modules/posts/admin-posts.router.ts';
import { logsRouter } from '../modules/logs/logs.router.ts';
import { postRevisionsRouter } from '../modules/posts/post-revisions.router.ts';
import { postsRouter } from '../modules/posts/posts.router.ts';
import { emailSettingsRouter } from '../modules/settings/email-settings.router.ts';
import { settingsRouter } from '../modules/settings/settings.router.ts';
import { subscriptionsRouter } from '../modules/subscriptions/subscriptions.router.ts';
import { tagsRouter } from '../modules/tags/tags.router.ts';
import { importsRouter } from '../modules/transfer/imports.router.ts';
import { usersRouter } from '../modules/users/users.router.ts';

export interface MountedRouter {
  /** `/api` for calls of the contract's base path; `/` for the few that live at the site root. */
  path: '/api' | '/';
  routes: ApiRoutes;
}

/** Every module's router and where it is mounted, in this order. Add a module here and nowhere else. */
export function moduleRouters(ctx: AppContext & PublicCacheDeps): MountedRouter[] {
  return [
    { path: '/', routes: feedsRouter(ctx) },
    { path: '/api', routes: authRouter(ctx) },
    { path: '/api', routes: usersRouter(ctx) },
    { path: '/api', routes: settingsRouter(ctx) },
    { path: '/api', routes: postsRouter(ctx) },
    { path: '/api', routes: adminPostsRouter(ctx) },
    { path: '/api', routes: postRevisionsRouter(ctx) },
    { path: '/api', routes: commentsRouter(ctx) },
    { path: '/api', routes: adminCommentsRouter(ctx) },
    { path: '/api', routes: categoriesRouter(ctx) },
    { path: '/api', routes: tagsRouter(ctx) },
    { path: '/api', routes: contactRouter(ctx) },
    { path: '/api', routes: imagesRouter(ctx) },
    { path: '/api', routes: subscriptionsRouter(ctx) },
    { path: '/api', routes: emailSettingsRouter(ctx) },
    { path: '/api', routes: logsRouter(ctx) },
    { path: '/api', routes: importsRouter(ctx) },
  ];
}
