// `?inline`: the file as a string, minified by the build.
import css from './server-html.css?inline';

/** Marks the element that holds the server-drawn text's CSS (server-html.css). */
const MARK = 'data-server-html';

/**
 * The style element of server-html.css as a server-rendered page carries it when the page shows a text
 * from the editor (an article, the About page); the other pages go without its ~2 kB (gzip).
 */
export const serverHtmlStyleTag = (): string => `<style data-s="" ${MARK}="">${css}</style>`;

/**
 * In the browser, before a text from the editor is first drawn on a page whose HTML came without its CSS
 * (another public page, then an article opened within the app; the panel): the rules are added once.
 */
export function insertServerHtmlCss(): void {
  if (document.head.querySelector(`style[${MARK}]`)) return;
  const style = document.createElement('style');
  style.setAttribute(MARK, '');
  style.textContent = css;
  document.head.append(style);
}
