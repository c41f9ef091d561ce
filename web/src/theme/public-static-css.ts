// `?inline`: the file as a string, minified by the build (~20 % smaller than as written).
import css from './public-static.css?inline';

/** Marks the element that holds the public pages' static CSS (public-static.css). */
const MARK = 'data-public-static';

/**
 * The style element of public-static.css as a server-rendered page carries it: built once per process and
 * written after Chakra's global CSS (`data-s`: emotion leaves it where it is).
 */
export const publicStaticStyleTag = (): string => `<style data-s="" ${MARK}="">${css}</style>`;

/**
 * A page the browser renders itself (the panel's shell) has no server-written CSS: the public parts' rules
 * are added once, for a later visit to a public page within the app.
 */
export function insertPublicStaticCss(): void {
  if (document.head.querySelector(`style[${MARK}]`)) return;
  const style = document.createElement('style');
  style.setAttribute(MARK, '');
  style.textContent = css;
  document.head.append(style);
}
