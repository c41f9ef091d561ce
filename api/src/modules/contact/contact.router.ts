import { Router } from 'express';
import type { AppContext } from '../../http/context.ts';
import { createRateLimiter, rateLimitByIp } from '../../http/middlewares/rate-limit.ts';
import { RATE_LIMITS } from '../../http/rate-limits.ts';
import { parseBody } from '../../http/validate.ts';
import { createCaptcha } from './captcha.service.ts';
import { contactMessageSchema } from './contact.schemas.ts';
import { submitContactMessage } from './contact.service.ts';

export function contactRouter(ctx: AppContext): Router {
  const router = Router();
  const prefix = ctx.config.REDIS_PREFIX;
  const captchaLimiter = createRateLimiter(ctx.redis, prefix, RATE_LIMITS.captcha);
  const contactLimiter = createRateLimiter(ctx.redis, prefix, RATE_LIMITS.contact);

  router.get('/contact/captcha', rateLimitByIp(captchaLimiter), async (_req, res) => {
    res.json(await createCaptcha(ctx.redis, prefix));
  });

  router.post('/contact', rateLimitByIp(contactLimiter), async (req, res) => {
    const input = parseBody(contactMessageSchema, req);
    await submitContactMessage(ctx.redis, prefix, input);
    res.status(201).json({ message: 'Dziękujemy! Wiadomość została wysłana.' });
  });

  return router;
}
