import { Router } from 'express';
import type { AppContext } from '../../http/context.ts';
import { createRateLimiter, rateLimitByIp } from '../../http/middlewares/rate-limit.ts';
import { RATE_LIMITS } from '../../http/rate-limits.ts';
import { parseBody, parseParams } from '../../http/validate.ts';
import { presentPublicComment } from './comments.presenter.ts';
import { assertSamePost, commentParamsSchema, createCommentSchema } from './comments.schemas.ts';
import { addComment } from './comments.service.ts';

export function commentsRouter(ctx: AppContext): Router {
  const router = Router();
  const limiter = createRateLimiter(ctx.redis, ctx.config.REDIS_PREFIX, RATE_LIMITS.comments);

  router.post('/posts/:postId/comments', rateLimitByIp(limiter), async (req, res) => {
    const { postId } = parseParams(commentParamsSchema, req);
    const input = parseBody(createCommentSchema, req);
    assertSamePost(input, postId);
    const comment = await addComment(ctx.sequelize, postId, input);
    res.status(201).json(presentPublicComment(comment));
  });

  return router;
}
