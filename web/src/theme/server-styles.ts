import createCache, { type EmotionCache } from '@emotion/cache';

/**
 * The emotion key of the styles a server-rendered page carries (entry-server.tsx): not emotion's
 * default `css`, which the default cache would adopt when the design system loads.
 */
export const SERVER_STYLES_KEY = 'c';
/** Names the rules of the page's style element, in emotion's format (`c id id …`). */
const RULE_NAMES = 'data-server-styles';

/** One style element's worth of emotion's extracted CSS (`extractCriticalToChunks(html).styles`). */
export interface StyleChunk {
  key: string;
  ids: string[];
  css: string;
}

/**
 * The page's style elements as the browser should find them. Emotion adopts server-rendered styles by
 * moving their elements to the end of <head> (and hydrating its sheet with them), and moving a
 * stylesheet after the first paint costs a recalculation of every element's style and a layout of the
 * page (~25 ms unthrottled on a long article, ~100 ms at 4x CPU throttling). So they are marked as
 * adopted already (`data-s`, which the default cache skips), and the rules' names go in an attribute
 * that only serverStylesCache reads. Written from the chunks directly: rewriting emotion's finished
 * tags with replaceAll cost ~0.5 ms a page in the API (V8 searches the joined string slowly).
 */
export function serverStyleTags(chunks: readonly StyleChunk[]): string {
  let tags = '';
  for (const { key, ids, css } of chunks) {
    const names = key === SERVER_STYLES_KEY ? RULE_NAMES : 'data-emotion';
    tags += `<style data-s="" ${names}="${key} ${ids.join(' ')}">${css}</style>`;
  }
  return tags;
}

/**
 * The cache that hydrates a server-rendered page: it knows the page's rules as inserted, as emotion's own
 * adoption would, without touching their element.
 */
export function serverStylesCache(): EmotionCache {
  const cache = createCache({ key: SERVER_STYLES_KEY });
  for (const element of document.head.querySelectorAll(`style[${RULE_NAMES}]`))
    for (const name of (element.getAttribute(RULE_NAMES) ?? '').split(' ').slice(1))
      cache.inserted[name] = true;
  return cache;
}
