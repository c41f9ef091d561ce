import { SUBSCRIPTION_TEXTS } from '@blog/shared/messages';
import { hashResetToken } from '../auth/reset-token.ts';
import type { Db } from '../../deps.ts';
import { SETTING_KEYS } from '../settings/setting-keys.ts';
import { parseBooleanSetting, readSettings } from '../settings/settings.service.ts';
import { writeSettings } from '../settings/write-settings.ts';

/**
 * Double opt-in. Off by default, which keeps the immediate „Subskrypcja
 * aktywowana!”; on, a new subscription waits for a click on the link e-mailed to its address, and
 * only a confirmed one takes a slot of the daily cap.
 */
export const DOUBLE_OPT_IN_DEFAULT = false;

/** How long the e-mailed link works; afterwards the address must subscribe again. */
export const CONFIRMATION_TTL_MS = 48 * 60 * 60 * 1000;

export const DOUBLE_OPT_IN_TEXTS = {
  pending:
    'Sprawdź skrzynkę e-mail: wysłaliśmy link potwierdzający subskrypcję. Subskrypcja zacznie działać po jego kliknięciu.',
  confirmed: (categoryName: string) => `Subskrypcja kategorii „${categoryName}” została potwierdzona.`,
  badLink: SUBSCRIPTION_TEXTS.confirmLinkInvalid,
  savedOn: 'Nowe subskrypcje będą wymagały potwierdzenia adresu e-mail.',
  savedOff: 'Nowe subskrypcje będą aktywowane od razu.',
} as const;

export async function readDoubleOptIn(db: Db): Promise<boolean> {
  const values = await readSettings(db, [SETTING_KEYS.subscriptionDoubleOptIn]);
  return parseBooleanSetting(values.get(SETTING_KEYS.subscriptionDoubleOptIn), DOUBLE_OPT_IN_DEFAULT);
}

export async function writeDoubleOptIn(db: Db, enabled: boolean): Promise<void> {
  await writeSettings(db, [{ key: SETTING_KEYS.subscriptionDoubleOptIn, value: String(enabled) }]);
}

/** The link's token is 256 random bits, stored as its SHA-256 like a password-reset token. */
export const hashConfirmationToken = hashResetToken;
