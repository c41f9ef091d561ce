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

/**
 * Every module's handlers. Where each is served (under /api or at the site root) is its operation's
 * in the contract. Add a module here and nowhere else.
 */
export function moduleRouters(ctx: AppContext & PublicCacheDeps): ApiRoutes[] {
  return [
    feedsRouter(ctx),
    authRouter(ctx),
    usersRouter(ctx),
    settingsRouter(ctx),
    postsRouter(ctx),
    adminPostsRouter(ctx),
    postRevisionsRouter(ctx),
    commentsRouter(ctx),
    adminCommentsRouter(ctx),
    categoriesRouter(ctx),
    tagsRouter(ctx),
    contactRouter(ctx),
    imagesRouter(ctx),
    subscriptionsRouter(ctx),
    emailSettingsRouter(ctx),
    logsRouter(ctx),
    importsRouter(ctx),
  ];
}
