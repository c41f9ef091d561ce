import type { SiteSettings, SiteSettingsUpdate } from '@blog/shared';
import { mutate } from 'swr';
import { api, unwrap } from './client.ts';
import { SITE_SETTINGS_KEY } from './site-settings.ts';

/** The settings as stored now, past every cache: what a refused save is compared with. */
export const fetchCurrentSiteSettings = (): Promise<SiteSettings> =>
  unwrap(api.GET('/site-settings', { cache: 'no-store' }));

/** Shows `settings` wherever the site settings are read (the General tab takes them into its form itself). */
export async function showSiteSettings(settings: SiteSettings): Promise<void> {
  await mutate(SITE_SETTINGS_KEY, settings, { revalidate: false });
}

/**
 * Saves the General tab; the public pages' settings (same SWR key) show the saved values at once.
 * `changes.version` is the settings' as loaded: a save after someone else's answers 409.
 */
export async function saveSiteSettings(changes: SiteSettingsUpdate): Promise<SiteSettings> {
  const saved = await unwrap(api.POST('/admin/site-settings', { body: changes }));
  await mutate(SITE_SETTINGS_KEY, saved, { revalidate: false });
  return saved;
}
