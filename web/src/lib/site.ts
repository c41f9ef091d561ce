/**
 * Fixed facts about the site that are not (yet) settings on the server. The owner changes them here.
 */
export const BLOG_NAME = 'Uwaga, Chaos';

/** Used when GET /api/site-settings fails; the server has the same defaults for unset keys. */
export const DEFAULT_BLOG_DESCRIPTION =
  'Blog o tym, jak technologia kradnie nam uwagę, produktywność udaje, że istnieje, a w biznesie jak zwykle rządzi chaos.';
export const DEFAULT_TITLE_LINK = 'https://www.youtube.com/watch?v=dQw4w9WgXcQ';

export const PROFESSIONAL_PROFILE_URL = 'https://www.linkedin.com/';
export const SOCIAL_PROFILE_URL = 'https://github.com/';
export const TIP_JAR_URL = 'https://buycoffee.to/';

export const POSTS_PER_PAGE = 6;
export const HOME_POSTS_COUNT = 3;

/**
 * The contact address is stored reversed and in pieces so that neither the DOM nor the bundle holds it as
 * one harvestable string; it is only ever drawn on a canvas.
 */
const ADDRESS_PIECES_REVERSED = ['lp.', 'soahc', '-agawu@', 'tkatnok'];

export function contactAddress(): string {
  return ADDRESS_PIECES_REVERSED.join('').split('').reverse().join('');
}
