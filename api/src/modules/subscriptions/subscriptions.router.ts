import { apiRoutes, type ApiRoutes } from '../../http/routes.ts';
import type { AppContext } from '../../http/context.ts';
import { clientNetwork } from '../../http/client-network.ts';
import { countFailures, createFailureLimiter, type FailureLimitRule } from '../../http/failure-limiter.ts';
import { createRateLimiter, type RateLimitRule, rateLimitByNetwork } from '../../http/rate-limit.ts';
import { MAX_SUBSCRIPTIONS_EXPORT, SUBSCRIPTION_MESSAGES } from '@blog/shared/rules';
import type { Request } from 'express';
import { badRequest, isConflict } from '../../errors.ts';
import { idParamsSchema, parseBody, parseParams, parseQuery } from '../../http/validate.ts';
import { pipeline } from 'node:stream/promises';
import type { PublicCacheDeps } from '../public-cache/public-cache.ts';
import { sendLive } from '../public-cache/send-public.ts';
import {
  adminSubscriptionsQuerySchema,
  exportAdminSubscriptions,
  listAdminSubscriptionsPage,
} from './admin-subscriptions.list.ts';
import { readOneClickForm } from './one-click-form.ts';
import { presentAdminSubscriptionRow, presentSubscription } from './subscriptions.presenter.ts';
import { subscriptionsCsv } from './subscriptions-csv.ts';
import { warsawDay } from './warsaw-day.ts';
import { confirmSubscription, requestSubscription } from './confirmation.service.ts';
import { DOUBLE_OPT_IN_TEXTS, readDoubleOptIn, writeDoubleOptIn } from './double-opt-in.ts';
import {
  confirmSubscriptionSchema,
  oneClickBodySchema,
  subscribeSchema,
  subscriptionLimitSchema,
  subscriptionSettingsSchema,
  unsubscribeQuerySchema,
} from './subscriptions.schemas.ts';
import {
  deleteSubscription,
  getSubscriptionStats,
  resetSubscriptionCount,
  subscribe,
  SUBSCRIPTION_TEXTS,
  unsubscribe,
  updateDailyLimit,
} from './subscriptions.service.ts';

/** One client (IP, an IPv6 /64) may not use up the day's cap: a handful of subscriptions per hour is plenty. */
export const SUBSCRIBE_RATE_LIMIT: RateLimitRule = {
  name: 'subscribe',
  points: 10,
  durationSeconds: 3600,
  message: 'Zbyt wiele prób subskrypcji z tego adresu. Spróbuj ponownie za godzinę.',
};

/**
 * Subscribing answers whether an address is already subscribed to a category; so that it cannot
 * test addresses at speed, one client address (an IPv6 /64) gets 3 such answers an hour, then every
 * subscription from it is refused for an hour, doubling with each repeat within a day.
 */
export const SUBSCRIBE_REPEATS_LIMIT: FailureLimitRule = {
  name: 'subscribe-repeat',
  maxFailures: 3,
  windowSeconds: 3600,
  baseBlockSeconds: 3600,
  maxBlockSeconds: 24 * 3600,
  message: 'Zbyt wiele prób zapisu adresów, które już są zapisane. Spróbuj ponownie później.',
};

/** Tokens are 256-bit HMACs, so guessing is hopeless anyway; this keeps the endpoint cheap. */
export const UNSUBSCRIBE_RATE_LIMIT: RateLimitRule = {
  name: 'unsubscribe',
  points: 30,
  durationSeconds: 60,
  message: 'Zbyt wiele prób w krótkim czasie. Spróbuj ponownie za minutę.',
};

/** Confirmation tokens are 256 random bits; this only keeps the endpoint cheap. */
export const CONFIRM_RATE_LIMIT: RateLimitRule = { ...UNSUBSCRIBE_RATE_LIMIT, name: 'subscribe-confirm' };

/** Any problem with the link's parameters is the one message, as 400 bad_request. */
function parseUnsubscribeQuery(req: Request) {
  const parsed = unsubscribeQuerySchema.safeParse(req.query);
  if (!parsed.success) throw badRequest(SUBSCRIPTION_MESSAGES.unsubscribeLink);
  return parsed.data;
}

export function subscriptionsRouter(ctx: AppContext & PublicCacheDeps): ApiRoutes {
  const routes = apiRoutes();
  const subscribeLimiter = createRateLimiter(ctx.redis, ctx.config.REDIS_PREFIX, SUBSCRIBE_RATE_LIMIT);
  const unsubscribeLimiter = createRateLimiter(ctx.redis, ctx.config.REDIS_PREFIX, UNSUBSCRIBE_RATE_LIMIT);
  const confirmLimiter = createRateLimiter(ctx.redis, ctx.config.REDIS_PREFIX, CONFIRM_RATE_LIMIT);
  const repeatAnswers = createFailureLimiter(ctx.redis, ctx.config.REDIS_PREFIX, SUBSCRIBE_REPEATS_LIMIT);

  // Polled by every reader's browser once a minute, live (no-store): the edge answers it after the
  // first time, one Redis read per turn of the event loop.
  routes.on('getSubscriptionStats', async (req, res) => {
    await sendLive(ctx, req, res, async () => ({
      contentType: 'application/json; charset=utf-8',
      cacheControl: 'no-store',
      json: await getSubscriptionStats(ctx),
    }));
  });

  routes.on('subscribe', rateLimitByNetwork(subscribeLimiter), async (req, res) => {
    const input = parseBody(subscribeSchema, req);
    const request = { email: input.email, categoryId: input.categoryId, userId: req.user?.id ?? null };
    if (await readDoubleOptIn(ctx)) {
      const stats = await countFailures(repeatAnswers, clientNetwork(req.ip), isConflict, () =>
        requestSubscription(ctx, request),
      );
      res.status(202).json({ message: DOUBLE_OPT_IN_TEXTS.pending, pending: true, subscriptionStats: stats });
      return;
    }
    // A 409 says the address is already subscribed: those answers are limited.
    const { subscription, stats } = await countFailures(
      repeatAnswers,
      clientNetwork(req.ip),
      isConflict,
      () => subscribe(ctx, request),
    );
    res.status(201).json({
      message: SUBSCRIPTION_TEXTS.subscribed,
      subscription: presentSubscription(subscription),
      subscriptionStats: stats,
    });
  });

  // Double opt-in: the page of the e-mailed link posts its token here (the cap is checked now).
  routes.on('confirmSubscription', rateLimitByNetwork(confirmLimiter), async (req, res) => {
    const { token } = parseBody(confirmSubscriptionSchema, req);
    const { categoryName, stats } = await confirmSubscription(ctx, token);
    res.json({
      message: DOUBLE_OPT_IN_TEXTS.confirmed(categoryName),
      categoryName,
      subscriptionStats: stats,
    });
  });

  routes.on('adminGetSubscriptionSettings', async (_req, res) => {
    res.json({ doubleOptIn: await readDoubleOptIn(ctx) });
  });

  routes.on('adminUpdateSubscriptionSettings', async (req, res) => {
    const { doubleOptIn } = parseBody(subscriptionSettingsSchema, req);
    await writeDoubleOptIn(ctx, doubleOptIn);
    res.json({
      message: doubleOptIn ? DOUBLE_OPT_IN_TEXTS.savedOn : DOUBLE_OPT_IN_TEXTS.savedOff,
      doubleOptIn,
    });
  });

  routes.on('deleteSubscription', async (req, res) => {
    const { id } = parseParams(idParamsSchema, req);
    await deleteSubscription(ctx, id);
    res.json({ message: SUBSCRIPTION_TEXTS.deleted });
  });

  routes.on('unsubscribe', rateLimitByNetwork(unsubscribeLimiter), async (req, res) => {
    const query = parseUnsubscribeQuery(req);
    const { categoryName } = await unsubscribe(ctx, query);
    res.json({ message: SUBSCRIPTION_TEXTS.unsubscribed(categoryName), categoryName });
  });

  // RFC 8058 one-click: exempt from CSRF (app/middlewares/csrf.ts); the signed token protects it.
  routes.on(
    'unsubscribeOneClick',
    rateLimitByNetwork(unsubscribeLimiter),
    readOneClickForm,
    async (req, res) => {
      const query = parseUnsubscribeQuery(req);
      if (!oneClickBodySchema.safeParse(req.body ?? {}).success)
        throw badRequest(SUBSCRIPTION_MESSAGES.unsubscribeLink);
      const { categoryName } = await unsubscribe(ctx, query);
      res.json({ message: SUBSCRIPTION_TEXTS.unsubscribed(categoryName) });
    },
  );

  routes.on('adminListSubscriptions', async (req, res) => {
    const query = parseQuery(adminSubscriptionsQuerySchema, req);
    const now = ctx.clock.now();
    const page = await listAdminSubscriptionsPage(ctx, query, now);
    res.json({ ...page, items: page.items.map((row) => presentAdminSubscriptionRow(row, now)) });
  });

  // The list's filter as a file (page and limit are ignored): streamed, so 100,000 rows cost no memory.
  routes.on('adminExportSubscriptions', async (req, res) => {
    const query = parseQuery(adminSubscriptionsQuerySchema, req);
    const now = ctx.clock.now();
    const day = warsawDay(now);
    res.setHeader('Content-Type', 'text/csv; charset=utf-8');
    res.setHeader('Content-Disposition', `attachment; filename="subskrypcje-${day}.csv"`);
    res.setHeader('Cache-Control', 'no-store');
    const rows = exportAdminSubscriptions(ctx, query, now, MAX_SUBSCRIPTIONS_EXPORT);
    await pipeline(subscriptionsCsv(rows, now), res);
  });

  routes.on('adminResetSubscriptionCount', async (_req, res) => {
    res.json({
      message: SUBSCRIPTION_TEXTS.counterReset,
      subscriptionStats: await resetSubscriptionCount(ctx),
    });
  });

  routes.on('adminUpdateSubscriptionLimit', async (req, res) => {
    const { limit } = parseBody(subscriptionLimitSchema, req);
    res.json({
      message: SUBSCRIPTION_TEXTS.limitUpdated,
      subscriptionStats: await updateDailyLimit(ctx, limit),
    });
  });

  return routes;
}
