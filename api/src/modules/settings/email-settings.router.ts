import { apiRoutes, type ApiRoutes } from '../../http/routes.ts';
import { notificationSettingsForm, smtpSettingsForm, testEmailForm } from '@blog/shared/rules';
import type { AppContext } from '../../http/context.ts';
import { createRateLimiter, type RateLimitRule, rateLimitByNetwork } from '../../http/rate-limit.ts';
import { parseBody } from '../../http/validate.ts';
import { zodFromForm } from '../../validation/zod-from-rules.ts';
import {
  EMAIL_SETTINGS_TEXTS,
  getEmailSettings,
  saveEmailSettings,
  sendTestEmail,
  setNotificationsEnabled,
  testSmtpConnection,
} from './email-settings.service.ts';

const smtpSettingsSchema = zodFromForm(smtpSettingsForm);
const testEmailSchema = zodFromForm(testEmailForm);
const notificationSettingsSchema = zodFromForm(notificationSettingsForm);

/** Each test opens a connection to a server an admin names; a few a minute is enough to debug. */
export const SMTP_TEST_RATE_LIMIT: RateLimitRule = {
  name: 'smtp-test',
  points: 10,
  durationSeconds: 60,
  message: 'Zbyt wiele prób w krótkim czasie. Spróbuj ponownie za minutę.',
};

/** Settings → Notifications tab (admin only, by the contract's x-auth). */
export function emailSettingsRouter(ctx: AppContext): ApiRoutes {
  const routes = apiRoutes();
  const testLimiter = createRateLimiter(ctx.redis, ctx.config.REDIS_PREFIX, SMTP_TEST_RATE_LIMIT);

  routes.on('adminGetEmailSettings', async (_req, res) => {
    res.json(await getEmailSettings(ctx));
  });

  routes.on('adminUpdateEmailSettings', async (req, res) => {
    await saveEmailSettings(ctx, parseBody(smtpSettingsSchema, req));
    res.json({ message: EMAIL_SETTINGS_TEXTS.saved });
  });

  routes.on('adminTestEmailSettings', rateLimitByNetwork(testLimiter), async (req, res) => {
    await testSmtpConnection(ctx, parseBody(smtpSettingsSchema, req));
    res.json({ message: EMAIL_SETTINGS_TEXTS.connectionOk });
  });

  routes.on('adminSendTestEmail', rateLimitByNetwork(testLimiter), async (req, res) => {
    await sendTestEmail(ctx, parseBody(testEmailSchema, req));
    res.json({ message: EMAIL_SETTINGS_TEXTS.testSent });
  });

  routes.on('adminUpdateNotificationSettings', async (req, res) => {
    const { notificationsEnabled } = parseBody(notificationSettingsSchema, req);
    await setNotificationsEnabled(ctx, notificationsEnabled);
    res.json({ message: EMAIL_SETTINGS_TEXTS.notificationsSaved, notificationsEnabled });
  });

  return routes;
}
