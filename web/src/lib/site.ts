import { SITE_SETTINGS_DEFAULTS } from '@blog/shared/rules';

/**
 * Fixed facts about the site that are not (yet) settings on the server. The name, the settings
 * defaults and the page sizes are shared with the server (@blog/shared/rules, site.ts); the links
 * below are the web's alone.
 */
export { BLOG_NAME, HOME_POSTS_COUNT, POSTS_PER_PAGE } from '@blog/shared/rules';

/** Used when GET /api/site-settings fails; the server has the same defaults for unset keys. */
export const DEFAULT_BLOG_DESCRIPTION = SITE_SETTINGS_DEFAULTS.blogDescription;
export const DEFAULT_TITLE_LINK = SITE_SETTINGS_DEFAULTS.titleLink;

export const PROFESSIONAL_PROFILE_URL = 'https://www.linkedin.com/';
export const SOCIAL_PROFILE_URL = 'https://github.com/';
export const TIP_JAR_URL = 'https://buycoffee.to/';

/**
 * The contact address is stored reversed and in pieces so that neither the DOM nor the bundle holds it as
 * one harvestable string; it is only ever drawn on a canvas.
 */
const ADDRESS_PIECES_REVERSED = ['lp.', 'soahc', '-agawu@', 'tkatnok'];

export function contactAddress(): string {
  return ADDRESS_PIECES_REVERSED.join('').split('').reverse().join('');
}
