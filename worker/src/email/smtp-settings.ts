import type { Config } from '@blog/api/config';
import { decryptSecret } from '@blog/api/crypto';
import { SiteSetting } from '@blog/api/models';
import { SETTING_KEYS, SMTP_SETTING_KEYS } from '@blog/api/settings';
import { Op } from 'sequelize';

/** The SMTP server as an admin configured it in site_settings, password decrypted. */
export interface SmtpSettings {
  host: string;
  port: number;
  secure: boolean;
  user: string | null;
  password: string | null;
  sender: string;
}

/** SMTP is not (correctly) configured: a clear message for the job's failure and the delivery row. */
export class EmailConfigError extends Error {
  override name = 'EmailConfigError';
}

/**
 * Reads the settings fresh on every call: an admin may change them at any moment, and a job
 * retried after a fix must use the fixed values. Empty values count as not set.
 */
export async function readSmtpSettings(
  config: Pick<Config, 'ENCRYPTION_KEY' | 'PUBLIC_URL'>,
): Promise<SmtpSettings> {
  const rows = await SiteSetting.findAll({
    where: { key: { [Op.in]: [...SMTP_SETTING_KEYS] } },
    attributes: ['key', 'value'],
  });
  const stored = new Map(rows.filter((row) => row.value).map((row) => [row.key, row.value!.trim()]));
  const host = stored.get(SETTING_KEYS.smtpHost);
  if (!host) throw new EmailConfigError('SMTP is not configured: set the SMTP server in the settings');

  const secure = stored.get(SETTING_KEYS.smtpSecure) === 'true';
  const portText = stored.get(SETTING_KEYS.smtpPort);
  const port = portText === undefined ? (secure ? 465 : 587) : Number(portText);
  if (!Number.isInteger(port) || port < 1 || port > 65535) {
    throw new EmailConfigError('SMTP is misconfigured: the port must be a number from 1 to 65535');
  }

  const sealedPassword = stored.get(SETTING_KEYS.smtpPassword);
  let password: string | null = null;
  if (sealedPassword) {
    try {
      password = decryptSecret(sealedPassword, config.ENCRYPTION_KEY);
    } catch (err) {
      // The secret box's message names the cause (wrong key, changed value) and never the secret.
      throw new EmailConfigError(`SMTP password unusable: ${(err as Error).message}`);
    }
  }

  return {
    host,
    port,
    secure,
    user: stored.get(SETTING_KEYS.smtpUser) ?? null,
    password,
    // Without a configured sender, an address at the blog's own host is the least surprising one.
    sender: stored.get(SETTING_KEYS.senderEmail) ?? `no-reply@${new URL(config.PUBLIC_URL).hostname}`,
  };
}
