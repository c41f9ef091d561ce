import { decryptSecret } from '@blog/api/crypto';
import { SiteSetting } from '@blog/api/models';
import { SETTING_KEYS } from '@blog/api/settings';
import type { TestBrowser } from '@blog/api/testing';
import type { EmailSettings } from '@blog/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signedInAdmin } from '../../test/testing.ts';
import { type MailTestEnv, startMailTestEnv, TEST_SENDER } from '../../test/mail-test-env.ts';
import { type SmtpSink, startSmtpSink } from '../../test/smtp-sink.ts';

// The settings API against a real SMTP server that requires AUTH (a private database: settings are global).
const SMTP_USER = 'blog-smtp';
const SMTP_PASSWORD = 'Tajne-Hasło-SMTP-42';
let env: MailTestEnv;
let admin: TestBrowser;

beforeAll(async () => {
  env = await startMailTestEnv({ sink: { credentials: { user: SMTP_USER, password: SMTP_PASSWORD } } });
  admin = await signedInAdmin(env.api);
}, 60_000);
afterAll(async () => {
  await env?.close();
});

const settingsInput = (overrides: object = {}) => ({
  smtpHost: env.sink.host,
  smtpPort: String(env.sink.port),
  smtpUser: SMTP_USER,
  smtpPassword: SMTP_PASSWORD,
  senderEmail: TEST_SENDER,
  smtpSecure: false,
  ...overrides,
});
const read = async () =>
  (await (await admin.call('GET', '/api/admin/email-settings')).json()) as EmailSettings;
const message = async (res: Response) => ((await res.json()) as { message: string }).message;

describe('SMTP settings API', () => {
  it('saves with the password encrypted, never returns it, and keeps it when the field is empty', async () => {
    await SiteSetting.create({ key: SETTING_KEYS.smtpManagedByEmbedded, value: 'true' });
    const res = await admin.call('POST', '/api/admin/email-settings', settingsInput());
    expect(res.status).toBe(200);
    expect(await message(res)).toBe('Ustawienia e-mail zostały zapisane');
    const stored = await SiteSetting.findOne({ where: { key: SETTING_KEYS.smtpPassword } });
    expect(stored?.encrypted).toBe(true);
    expect(stored?.value).not.toContain(SMTP_PASSWORD);
    expect(decryptSecret(stored!.value!, env.api.config.ENCRYPTION_KEY)).toBe(SMTP_PASSWORD);
    expect((await SiteSetting.findOne({ where: { key: SETTING_KEYS.smtpManagedByEmbedded } }))?.value).toBe(
      'false',
    );

    const view = await read();
    expect(view).toEqual({
      smtpHost: env.sink.host,
      smtpPort: String(env.sink.port),
      smtpUser: SMTP_USER,
      senderEmail: TEST_SENDER,
      smtpSecure: false,
      smtpPasswordSet: true,
      notificationsEnabled: true,
    });
    expect(JSON.stringify(view)).not.toContain(SMTP_PASSWORD);

    expect(
      (await admin.call('POST', '/api/admin/email-settings', settingsInput({ smtpPassword: '' }))).status,
    ).toBe(200);
    const kept = await SiteSetting.findOne({ where: { key: SETTING_KEYS.smtpPassword } });
    expect(decryptSecret(kept!.value!, env.api.config.ENCRYPTION_KEY)).toBe(SMTP_PASSWORD);
  });

  it('validates with the shared rules', async () => {
    const res = await admin.call('POST', '/api/admin/email-settings', settingsInput({ smtpPort: '70000' }));
    expect(res.status).toBe(400);
    expect(await res.json()).toMatchObject({
      field: 'smtpPort',
      message: 'Port musi być liczbą od 1 do 65535',
    });
  });

  it('tests a connection with a real handshake: right password, stored password, wrong password, closed port', async () => {
    const ok = await admin.call('POST', '/api/admin/email-settings/test', settingsInput());
    expect(ok.status).toBe(200);
    expect(await message(ok)).toBe('Połączenie z serwerem SMTP działa poprawnie');
    expect(
      (await admin.call('POST', '/api/admin/email-settings/test', settingsInput({ smtpPassword: '' })))
        .status,
    ).toBe(200);

    const wrong = await admin.call(
      'POST',
      '/api/admin/email-settings/test',
      settingsInput({ smtpPassword: 'złe-hasło' }),
    );
    expect(wrong.status).toBe(400);
    const wrongMessage = await message(wrong);
    expect(wrongMessage).toMatch(/^Nie udało się połączyć z serwerem SMTP: /);
    expect(wrongMessage).not.toContain('złe-hasło');

    const closed = await admin.call(
      'POST',
      '/api/admin/email-settings/test',
      settingsInput({ smtpPort: '1' }),
    );
    expect(closed.status).toBe(400);
    expect(await message(closed)).toMatch(/^Nie udało się połączyć z serwerem SMTP: /);
  });

  it('sends the test message to the sender address with the saved settings', async () => {
    await admin.call('POST', '/api/admin/email-settings', settingsInput());
    const res = await admin.call('POST', '/api/admin/test-email', { email: TEST_SENDER });
    expect(res.status).toBe(200);
    expect(await message(res)).toBe('Wiadomość testowa została wysłana');
    const [mail] = await env.sink.waitFor(TEST_SENDER);
    expect(mail!.authenticatedAs).toBe(SMTP_USER);
    expect(mail!.parsed.subject).toBe('Wiadomość testowa z bloga');

    await SiteSetting.destroy({ where: { key: SETTING_KEYS.smtpHost } });
    const unset = await admin.call('POST', '/api/admin/test-email', { email: TEST_SENDER });
    expect(unset.status).toBe(400);
    expect(await message(unset)).toBe('Nie udało się wysłać wiadomości: serwer SMTP nie jest skonfigurowany');
  });

  it('tests a relay without authentication with the values on the screen, for both buttons', async () => {
    const relay: SmtpSink = await startSmtpSink();
    try {
      // The saved settings point at the server that needs AUTH; the screen names the open relay.
      await admin.call('POST', '/api/admin/email-settings', settingsInput());
      const screen = {
        smtpHost: relay.host,
        smtpPort: String(relay.port),
        smtpUser: '',
        senderEmail: 'blog@localhost',
        smtpSecure: false,
      };
      const connection = await admin.call('POST', '/api/admin/email-settings/test', screen);
      expect(await message(connection)).toBe('Połączenie z serwerem SMTP działa poprawnie');
      const sent = await admin.call('POST', '/api/admin/test-email', { email: 'blog@localhost', ...screen });
      expect(await message(sent)).toBe('Wiadomość testowa została wysłana');
      const [mail] = await relay.waitFor('blog@localhost');
      expect(mail!.authenticatedAs).toBeNull();
      expect(mail!.parsed.from?.text).toBe('blog@localhost');
      expect(env.sink.to('blog@localhost')).toEqual([]);
      // The sender of a relay's local host is saved as it is.
      expect((await admin.call('POST', '/api/admin/email-settings', screen)).status).toBe(200);
      expect((await read()).senderEmail).toBe('blog@localhost');
    } finally {
      await relay.stop();
    }
  });

  it('refuses a malformed sender with the shared message', async () => {
    const res = await admin.call('POST', '/api/admin/test-email', {
      email: TEST_SENDER,
      senderEmail: 'blog@',
    });
    expect(res.status).toBe(400);
    expect(await res.json()).toMatchObject({
      field: 'senderEmail',
      message: 'Podaj prawidłowy adres e-mail nadawcy',
    });
  });

  it('persists the notifications switch', async () => {
    const off = await admin.call('POST', '/api/admin/notification-settings', { notificationsEnabled: false });
    expect(await off.json()).toEqual({
      message: 'Ustawienia powiadomień zostały zapisane',
      notificationsEnabled: false,
    });
    expect((await read()).notificationsEnabled).toBe(false);
    await admin.call('POST', '/api/admin/notification-settings', { notificationsEnabled: true });
    expect((await read()).notificationsEnabled).toBe(true);
    expect(
      (await admin.call('POST', '/api/admin/notification-settings', { notificationsEnabled: 'tak' })).status,
    ).toBe(400);
  });
});
