import { apiRoutes, type ApiRoutes } from '../../http/routes.ts';
import type { AppContext } from '../../http/context.ts';
import { createRateLimiter, type RateLimitRule, rateLimitByNetwork } from '../../http/rate-limit.ts';
import { parseBody, parseParams } from '../../http/validate.ts';
import { presentCreatedComment } from './comments.presenter.ts';
import { assertSamePost, commentParamsSchema, createCommentSchema } from './comments.schemas.ts';
import { addComment } from './comments.service.ts';

/** A stranger may repeat this call; how often one client may. */
export const COMMENT_RATE_LIMIT: RateLimitRule = {
  name: 'comments',
  points: 5,
  durationSeconds: 300,
  message: 'Zbyt wiele komentarzy w krótkim czasie. Spróbuj ponownie za kilka minut.',
};

export function commentsRouter(ctx: AppContext): ApiRoutes {
  const routes = apiRoutes();
  const limiter = createRateLimiter(ctx.redis, ctx.config.REDIS_PREFIX, COMMENT_RATE_LIMIT);

  routes.on('createComment', rateLimitByNetwork(limiter), async (req, res) => {
    const { postId } = parseParams(commentParamsSchema, req);
    const input = parseBody(createCommentSchema, req);
    assertSamePost(input, postId);
    const comment = await addComment(ctx, postId, input);
    res.status(201).json(presentCreatedComment(comment));
  });

  return routes;
}
