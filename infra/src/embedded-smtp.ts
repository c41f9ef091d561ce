import { SETTING_KEYS } from '@blog/api/settings';
import { SiteSetting } from '@blog/api/models';
import type { Sequelize } from 'sequelize-typescript';
import type { MailCatcher } from './services/mail-catcher.ts';

export const DEFAULT_SENDER_EMAIL = 'blog@localhost';

/**
 * Points the SMTP settings at the local mail catcher, but only while nobody else owns them:
 * when no SMTP host is stored yet, or when the stored one was put there by an earlier embedded
 * run (smtpManagedByEmbedded = 'true'). An operator's real SMTP settings are never touched.
 * Returns whether the settings now point at the catcher.
 */
export async function pointSmtpAtCatcher(
  sequelize: Sequelize,
  catcher: Pick<MailCatcher, 'host' | 'port'>,
): Promise<boolean> {
  return sequelize.transaction(async (transaction) => {
    const rows = await SiteSetting.findAll({ transaction, lock: transaction.LOCK.UPDATE });
    const stored = new Map(rows.map((row) => [row.key, row]));
    const host = stored.get(SETTING_KEYS.smtpHost)?.value;
    const managed = stored.get(SETTING_KEYS.smtpManagedByEmbedded)?.value === 'true';
    if (host && !managed) return false;

    const senderEmail = stored.get(SETTING_KEYS.senderEmail)?.value || DEFAULT_SENDER_EMAIL;
    const wanted: [string, string][] = [
      [SETTING_KEYS.smtpHost, catcher.host],
      [SETTING_KEYS.smtpPort, String(catcher.port)],
      [SETTING_KEYS.smtpSecure, 'false'],
      [SETTING_KEYS.senderEmail, senderEmail],
      [SETTING_KEYS.smtpManagedByEmbedded, 'true'],
    ];
    for (const [key, value] of wanted) {
      const row = stored.get(key);
      if (!row) await SiteSetting.create({ key, value, encrypted: false }, { transaction });
      else if (row.value !== value) await row.update({ value }, { transaction });
    }
    return true;
  });
}
