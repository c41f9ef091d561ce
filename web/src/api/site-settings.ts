import type { SiteSettings } from '@blog/shared';
import useSWR from 'swr';
import { DEFAULT_BLOG_DESCRIPTION, DEFAULT_TITLE_LINK } from '../lib/site.ts';
import { api, unwrap } from './client.ts';

/** What the public pages use when the settings cannot be loaded (the built-in defaults). */
export const FALLBACK_SITE_SETTINGS: SiteSettings = {
  titleLink: DEFAULT_TITLE_LINK,
  blogDescription: DEFAULT_BLOG_DESCRIPTION,
  aboutPageContent: '',
  commentsEnabled: true,
  commentsRequireApproval: false,
  version: 1,
};

export const SITE_SETTINGS_KEY = 'site-settings';

/**
 * Public site settings. `settings` is undefined only while the first load runs; after a failure it holds the
 * defaults so the page still reads well. `loaded`: the server's copy is at hand (a later failed read keeps
 * it, and `error` then tells only of that read).
 */
export function useSiteSettings() {
  const { data, error, isLoading } = useSWR<SiteSettings, Error>(SITE_SETTINGS_KEY, () =>
    unwrap(api.GET('/site-settings')),
  );
  const settings = data ? siteSettingsWithDefaults(data) : error ? FALLBACK_SITE_SETTINGS : undefined;
  return { settings, error, isLoading, loaded: data !== undefined };
}

/** The settings as every screen shows them: an empty link or description reads as the built-in default. */
export function siteSettingsWithDefaults(settings: SiteSettings): SiteSettings {
  return {
    ...settings,
    titleLink: settings.titleLink?.trim() || DEFAULT_TITLE_LINK,
    blogDescription: settings.blogDescription?.trim() || DEFAULT_BLOG_DESCRIPTION,
  };
}
