// Site, e-mail and notification settings and the logs: only the blog description is public.
import { startSmtpSink } from '@blog/worker/testing';
import { SETTING_KEYS } from '../../src/modules/settings/setting-keys.ts';
import { SiteSetting } from '../../src/modules/settings/site-setting.model.ts';
import { uniqueSuffix } from '../factories.ts';
import { admin, type ScenarioTable } from './invalidation-walk.fixtures.ts';

const SMTP_KEYS = [
  SETTING_KEYS.smtpHost,
  SETTING_KEYS.smtpPort,
  SETTING_KEYS.smtpUser,
  SETTING_KEYS.smtpPassword,
  SETTING_KEYS.smtpSecure,
  SETTING_KEYS.senderEmail,
] as const;

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
          smtpPort: '587',
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
      refusedWith: 400,
      async prepare() {
        const body = {
          smtpHost: '127.0.0.1',
          smtpPort: '9',
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
        // A real SMTP server to send to: the call must succeed, not be refused for want of one.
        const sink = await startSmtpSink();
        await SiteSetting.destroy({ where: { key: [...SMTP_KEYS] } });
        await SiteSetting.bulkCreate([
          { key: SETTING_KEYS.smtpHost, value: sink.host },
          { key: SETTING_KEYS.smtpPort, value: String(sink.port) },
          { key: SETTING_KEYS.smtpSecure, value: 'false' },
          { key: SETTING_KEYS.senderEmail, value: 'blog@example.com' },
        ]);
        return {
          call: async () => admin.call('POST', '/api/admin/test-email', { email: 'test@example.com' }),
          async after() {
            await SiteSetting.destroy({ where: { key: [...SMTP_KEYS] } });
            await sink.stop();
          },
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
