// Site, e-mail and notification settings and the logs: only the blog description is public.
import { uniqueSuffix } from '../test/factories.ts';
import { admin, type ScenarioTable } from './invalidation-walk.fixtures.ts';

export const SETTINGS_SCENARIOS: ScenarioTable = {
  adminUpdateSiteSettings: [
    {
      name: 'changes the blog description',
      kind: 'public',
      async prepare() {
        return {
          probes: ['/rss.xml', '/'],
          call: async () =>
            admin.call('POST', '/api/admin/site-settings', { blogDescription: `Opis ${uniqueSuffix()}` }),
        };
      },
    },
  ],
  adminUpdateEmailSettings: [
    {
      name: 'changes SMTP settings',
      kind: 'private',
      async prepare() {
        const body = {
          smtpHost: 'smtp.example.com',
          smtpPort: 587,
          senderEmail: 'blog@example.com',
          smtpSecure: false,
        };
        return { call: async () => admin.call('POST', '/api/admin/email-settings', body) };
      },
    },
  ],
  adminTestEmailSettings: [
    {
      name: 'tests SMTP settings (nothing listens: refused)',
      kind: 'private',
      async prepare() {
        const body = {
          smtpHost: '127.0.0.1',
          smtpPort: 9,
          senderEmail: 'blog@example.com',
          smtpSecure: false,
        };
        return { call: async () => admin.call('POST', '/api/admin/email-settings/test', body) };
      },
    },
  ],
  adminSendTestEmail: [
    {
      name: 'sends a test e-mail',
      kind: 'private',
      async prepare() {
        return {
          call: async () => admin.call('POST', '/api/admin/test-email', { email: 'test@example.com' }),
        };
      },
    },
  ],
  adminUpdateNotificationSettings: [
    {
      name: 'switches notifications off',
      kind: 'private',
      async prepare() {
        return {
          call: async () =>
            admin.call('POST', '/api/admin/notification-settings', { notificationsEnabled: false }),
        };
      },
    },
  ],
  adminClearLogs: [
    {
      name: 'clears a log',
      kind: 'private',
      async prepare() {
        return { call: async () => admin.call('POST', '/api/admin/logs/clear', { type: 'application' }) };
      },
    },
  ],
  adminGenerateTestLogs: [
    {
      name: 'writes test log entries',
      kind: 'private',
      async prepare() {
        return { call: async () => admin.call('POST', '/api/admin/logs/generate-test') };
      },
    },
  ],
};
