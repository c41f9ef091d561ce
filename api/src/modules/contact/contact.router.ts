import { apiRoutes, type ApiRoutes } from '../../http/routes.ts';
import type { AppContext } from '../../http/context.ts';
import { createRateLimiter, type RateLimitRule, rateLimitByNetwork } from '../../http/rate-limit.ts';
import { idParamsSchema, parseBody, parseParams } from '../../http/validate.ts';
import { createCaptcha } from './captcha.service.ts';
import { contactMessageSchema } from './contact.schemas.ts';
import { deleteContactMessage, listContactMessages, submitContactMessage } from './contact.service.ts';

/** Calls a stranger may repeat, and how often one client may. */
export const CONTACT_RATE_LIMITS = {
  contact: {
    name: 'contact',
    points: 5,
    durationSeconds: 3600,
    message: 'Wysłano zbyt wiele wiadomości. Spróbuj ponownie później.',
  },
  captcha: {
    name: 'captcha',
    points: 30,
    durationSeconds: 600,
    message: 'Zbyt wiele prób pobrania kodu. Spróbuj ponownie za kilka minut.',
  },
} satisfies Record<string, RateLimitRule>;

export function contactRouter(ctx: AppContext): ApiRoutes {
  const routes = apiRoutes();
  const prefix = ctx.config.REDIS_PREFIX;
  const captchaLimiter = createRateLimiter(ctx.redis, prefix, CONTACT_RATE_LIMITS.captcha);
  const contactLimiter = createRateLimiter(ctx.redis, prefix, CONTACT_RATE_LIMITS.contact);

  routes.on('getContactCaptcha', rateLimitByNetwork(captchaLimiter), async (_req, res) => {
    res.json(await createCaptcha(ctx));
  });

  routes.on('sendContactMessage', rateLimitByNetwork(contactLimiter), async (req, res) => {
    const input = parseBody(contactMessageSchema, req);
    await submitContactMessage(ctx, input);
    res.status(201).json({ message: 'Dziękujemy! Wiadomość została wysłana.' });
  });

  routes.on('adminListContactMessages', async (_req, res) => {
    const messages = await listContactMessages(ctx);
    res.json(
      messages.map((message) => ({
        id: message.id,
        name: message.name,
        email: message.email,
        message: message.message,
        createdAt: message.createdAt.toISOString(),
      })),
    );
  });

  routes.on('adminDeleteContactMessage', async (req, res) => {
    const { id } = parseParams(idParamsSchema, req);
    await deleteContactMessage(ctx, id);
    res.json({ message: 'Wiadomość została usunięta' });
  });

  return routes;
}
