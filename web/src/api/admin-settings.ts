import type { SiteSettings, SiteSettingsUpdate } from '@blog/openapi';
import { mutate } from 'swr';
import { api, unwrap } from './client.ts';
import { SITE_SETTINGS_KEY } from './site-settings.ts';

/** Saves the General tab; the public pages' settings (same SWR key) show the saved values at once. */
export async function saveSiteSettings(changes: SiteSettingsUpdate): Promise<SiteSettings> {
  const saved = await unwrap(api.POST('/admin/site-settings', { body: changes }));
  await mutate(SITE_SETTINGS_KEY, saved, { revalidate: false });
  return saved;
}
