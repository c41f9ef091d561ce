import { TEST_EMAIL, UNKNOWN_ERROR_REASON } from '@blog/shared/messages';
import type { Config } from '../../config.ts';
import { decryptSecret, encryptSecret } from '../../crypto/secret-box.ts';
import { inTransaction, type Db } from '../../deps.ts';
import { badRequest } from '../../errors.ts';
import { NOTIFICATIONS_ENABLED_DEFAULT, SETTING_KEYS, SMTP_SETTING_KEYS } from './setting-keys.ts';
import { parseBooleanSetting, readSettings } from './settings.service.ts';
import { writeSettings } from './write-settings.ts';

export const EMAIL_SETTINGS_TEXTS = {
  saved: 'Ustawienia e-mail zostały zapisane',
  connectionOk: 'Połączenie z serwerem SMTP działa poprawnie',
  connectionFailed: (reason: string) => `Nie udało się połączyć z serwerem SMTP: ${reason}`,
  testSent: 'Wiadomość testowa została wysłana',
  sendFailed: (reason: string) => `Nie udało się wysłać wiadomości: ${reason}`,
  notConfigured: 'serwer SMTP nie jest skonfigurowany',
  notificationsSaved: 'Ustawienia powiadomień zostały zapisane',
  testSubject: TEST_EMAIL.subject,
  testContent: TEST_EMAIL.content,
} as const;

const DEFAULT_PORT = '587';

export interface EmailSettingsView {
  smtpHost: string;
  smtpPort: string;
  smtpUser: string;
  senderEmail: string;
  smtpSecure: boolean;
  smtpPasswordSet: boolean;
  notificationsEnabled: boolean;
}

export interface SmtpSettingsInput {
  smtpHost: string;
  smtpPort: string;
  smtpUser?: string;
  smtpPassword?: string;
  senderEmail: string;
  smtpSecure: boolean;
}

const EMAIL_KEYS = [...SMTP_SETTING_KEYS, SETTING_KEYS.notificationsEnabled];

/** The settings as the admin form shows them: never the password, only whether one is stored. */
export async function getEmailSettings(db: Db): Promise<EmailSettingsView> {
  const values = await readSettings(db, EMAIL_KEYS);
  return {
    smtpHost: values.get(SETTING_KEYS.smtpHost) ?? '',
    smtpPort: values.get(SETTING_KEYS.smtpPort) ?? DEFAULT_PORT,
    smtpUser: values.get(SETTING_KEYS.smtpUser) ?? '',
    senderEmail: values.get(SETTING_KEYS.senderEmail) ?? '',
    smtpSecure: parseBooleanSetting(values.get(SETTING_KEYS.smtpSecure), false),
    smtpPasswordSet: values.has(SETTING_KEYS.smtpPassword),
    notificationsEnabled: parseBooleanSetting(
      values.get(SETTING_KEYS.notificationsEnabled),
      NOTIFICATIONS_ENABLED_DEFAULT,
    ),
  };
}

/**
 * Saves the SMTP settings; the password encrypted (AES-256-GCM), an empty one keeping the stored
 * value. The admin now owns the settings, so the embedded `npm start` stops pointing them at its
 * mail catcher (smtpManagedByEmbedded = 'false').
 */
export async function saveEmailSettings(
  deps: Db & { config: Pick<Config, 'ENCRYPTION_KEY'> },
  input: SmtpSettingsInput,
): Promise<void> {
  await inTransaction(deps, async (tx) => {
    await writeSettings(tx, [
      { key: SETTING_KEYS.smtpHost, value: input.smtpHost },
      { key: SETTING_KEYS.smtpPort, value: input.smtpPort },
      { key: SETTING_KEYS.smtpUser, value: input.smtpUser ?? '' },
      { key: SETTING_KEYS.senderEmail, value: input.senderEmail },
      { key: SETTING_KEYS.smtpSecure, value: String(input.smtpSecure) },
      { key: SETTING_KEYS.smtpManagedByEmbedded, value: 'false' },
      ...(input.smtpPassword
        ? [
            {
              key: SETTING_KEYS.smtpPassword,
              value: encryptSecret(input.smtpPassword, deps.config.ENCRYPTION_KEY),
              encrypted: true,
            },
          ]
        : []),
    ]);
  });
}

export async function setNotificationsEnabled(db: Db, enabled: boolean): Promise<void> {
  await writeSettings(db, [{ key: SETTING_KEYS.notificationsEnabled, value: String(enabled) }]);
}

async function storedPassword(deps: Db & { config: Pick<Config, 'ENCRYPTION_KEY'> }): Promise<string | null> {
  const sealed = (await readSettings(deps, [SETTING_KEYS.smtpPassword])).get(SETTING_KEYS.smtpPassword);
  if (!sealed) return null;
  try {
    return decryptSecret(sealed, deps.config.ENCRYPTION_KEY);
  } catch {
    return null;
  }
}

/** An error's text fit for an admin's toast: no credentials (raw or base64 as AUTH sends them), one line. */
function reasonOf(err: unknown, secrets: (string | null | undefined)[]): string {
  let message = err instanceof Error ? err.message : String(err);
  for (const secret of secrets) {
    if (!secret) continue;
    for (const form of [secret, Buffer.from(secret).toString('base64')])
      message = message.split(form).join('***');
  }
  message = message.replace(/[\r\n\t]+/g, ' ').trim();
  return message.length > 300 ? `${message.slice(0, 299)}…` : message || UNKNOWN_ERROR_REASON;
}

interface TransportSettings {
  host: string;
  port: number;
  secure: boolean;
  user: string;
  password: string | null;
}

// nodemailer is loaded by the first connection test (the worker sends the mail), not at start.
const transportFor = async (settings: TransportSettings) =>
  (await import('nodemailer')).default.createTransport({
    host: settings.host,
    port: settings.port,
    secure: settings.secure,
    requireTLS: false,
    ...(settings.user ? { auth: { user: settings.user, pass: settings.password ?? '' } } : {}),
    connectionTimeout: 10_000,
    greetingTimeout: 10_000,
    socketTimeout: 15_000,
    disableFileAccess: true,
    disableUrlAccess: true,
  });

/**
 * A real SMTP handshake with the given (unsaved) settings: connect, TLS as chosen, authenticate.
 * An empty password means the stored one.
 */
export async function testSmtpConnection(
  deps: Db & { config: Pick<Config, 'ENCRYPTION_KEY'> },
  input: SmtpSettingsInput,
): Promise<void> {
  const password = input.smtpPassword || (await storedPassword(deps));
  const user = input.smtpUser ?? '';
  const transport = await transportFor({
    host: input.smtpHost,
    port: Number(input.smtpPort),
    secure: input.smtpSecure,
    user,
    password,
  });
  try {
    await transport.verify();
  } catch (err) {
    throw badRequest(
      EMAIL_SETTINGS_TEXTS.connectionFailed(
        reasonOf(err, [password, user && password ? `\u0000${user}\u0000${password}` : null]),
      ),
    );
  } finally {
    transport.close();
  }
}

const singleLine = (value: string) => value.replace(/[\r\n]+/g, ' ').trim();

export interface TestEmailInput extends Partial<SmtpSettingsInput> {
  email: string;
  subject?: string;
  content?: string;
}

/**
 * Sends one test message now (not queued) so the answer says whether it worked. It uses the SMTP values
 * the request carries (the screen's), each missing one the saved setting; an empty password
 * the stored one, an empty user no authentication — as the connection test does.
 */
export async function sendTestEmail(
  deps: Db & { config: Pick<Config, 'ENCRYPTION_KEY'> },
  input: TestEmailInput,
): Promise<void> {
  const values = await readSettings(deps, EMAIL_KEYS);
  const host = input.smtpHost ?? values.get(SETTING_KEYS.smtpHost);
  const sender = input.senderEmail ?? values.get(SETTING_KEYS.senderEmail);
  if (!host || !sender) throw badRequest(EMAIL_SETTINGS_TEXTS.sendFailed(EMAIL_SETTINGS_TEXTS.notConfigured));
  const password = input.smtpPassword || (await storedPassword(deps));
  const user = input.smtpUser ?? values.get(SETTING_KEYS.smtpUser) ?? '';
  const transport = await transportFor({
    host,
    port: Number(input.smtpPort ?? values.get(SETTING_KEYS.smtpPort) ?? DEFAULT_PORT),
    secure: input.smtpSecure ?? parseBooleanSetting(values.get(SETTING_KEYS.smtpSecure), false),
    user,
    password,
  });
  try {
    await transport.sendMail({
      from: singleLine(sender),
      to: singleLine(input.email),
      subject: singleLine(input.subject || EMAIL_SETTINGS_TEXTS.testSubject),
      text: input.content || EMAIL_SETTINGS_TEXTS.testContent,
    });
  } catch (err) {
    throw badRequest(
      EMAIL_SETTINGS_TEXTS.sendFailed(
        reasonOf(err, [password, user && password ? `\u0000${user}\u0000${password}` : null]),
      ),
    );
  } finally {
    transport.close();
  }
}
