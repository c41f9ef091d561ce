// Subscriptions and the contact form: what readers send in by e-mail, none of it public.
import { TestBrowser } from '../browser.ts';
import { buildCategory, buildContactMessage, buildSubscription, uniqueSuffix } from '../factories.ts';
import { clientIp } from '../http.ts';
import { admin, api, type ScenarioTable } from './invalidation-walk.fixtures.ts';

export const SUBSCRIPTION_CONTACT_SCENARIOS: ScenarioTable = {
  subscribe: [
    {
      name: 'subscribes to a category',
      kind: 'private',
      async prepare() {
        const category = await buildCategory({ enabled: true });
        const body = { email: `sub-${uniqueSuffix()}@example.com`, categoryId: category.id, consent: true };
        return { call: async () => new TestBrowser(api, clientIp()).call('POST', '/api/subscribe', body) };
      },
    },
  ],
  confirmSubscription: [
    {
      name: 'confirms with a link that is not one (refused)',
      kind: 'private',
      refusedWith: 400,
      async prepare() {
        const body = { token: 'x'.repeat(43) };
        return {
          call: async () => new TestBrowser(api, clientIp()).call('POST', '/api/subscribe/confirm', body),
        };
      },
    },
  ],
  deleteSubscription: [
    {
      name: 'deletes a subscription',
      kind: 'private',
      async prepare() {
        const subscription = await buildSubscription({ categoryId: (await buildCategory()).id });
        return { call: async () => admin.call('DELETE', `/api/subscribe/${subscription.id}`) };
      },
    },
  ],
  unsubscribeOneClick: [
    {
      name: 'one-click unsubscribe (without a valid token: refused)',
      kind: 'private',
      refusedWith: 400,
      async prepare() {
        return {
          call: async () =>
            api.fetch('/api/unsubscribe?email=a%40example.com&category=1&token=x', {
              method: 'POST',
              headers: { 'content-type': 'application/x-www-form-urlencoded' },
              body: 'List-Unsubscribe=One-Click',
            }),
        };
      },
    },
  ],
  adminResetSubscriptionCount: [
    {
      name: 'resets the daily count',
      kind: 'private',
      async prepare() {
        return { call: async () => admin.call('POST', '/api/admin/reset-subscription-count') };
      },
    },
  ],
  adminUpdateSubscriptionLimit: [
    {
      name: 'changes the daily cap',
      kind: 'private',
      async prepare() {
        return {
          call: async () => admin.call('POST', '/api/admin/update-subscription-limit', { limit: 120 }),
        };
      },
    },
  ],
  adminUpdateSubscriptionSettings: [
    {
      name: 'switches double opt-in on and off',
      kind: 'private',
      async prepare() {
        return {
          call: async () => {
            await admin.call('POST', '/api/admin/subscription-settings', { doubleOptIn: true });
            return admin.call('POST', '/api/admin/subscription-settings', { doubleOptIn: false });
          },
        };
      },
    },
  ],
  sendContactMessage: [
    {
      name: 'sends a contact message (wrong security code: refused)',
      kind: 'private',
      refusedWith: 400,
      async prepare() {
        const body = {
          name: 'Ola',
          email: 'ola@example.com',
          message: 'Dzień dobry!',
          captchaId: 'x',
          captcha: 'x',
        };
        return { call: async () => new TestBrowser(api, clientIp()).call('POST', '/api/contact', body) };
      },
    },
  ],
  adminDeleteContactMessage: [
    {
      name: 'deletes a contact message',
      kind: 'private',
      async prepare() {
        const message = await buildContactMessage();
        return { call: async () => admin.call('DELETE', `/api/admin/contact-messages/${message.id}`) };
      },
    },
  ],
};
