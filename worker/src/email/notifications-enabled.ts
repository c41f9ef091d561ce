import { SiteSetting } from '@blog/api/models';
import { NOTIFICATIONS_ENABLED_DEFAULT, SETTING_KEYS } from '@blog/api/settings';

/** The admin's e-mail notifications switch (Settings → Notifications), read fresh for every job. */
export async function areNotificationsEnabled(): Promise<boolean> {
  const row = await SiteSetting.findOne({
    where: { key: SETTING_KEYS.notificationsEnabled },
    attributes: ['value'],
  });
  if (!row?.value) return NOTIFICATIONS_ENABLED_DEFAULT;
  return row.value === 'true';
}
