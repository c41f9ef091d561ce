// `?inline`: the file as a string, minified by the build.
import css from './server-html.css?inline';
import { staticStyle } from './static-style.ts';

const style = staticStyle('data-server-html', css);

/**
 * The style element of server-html.css as a server-rendered page carries it when the page shows a text
 * from the editor (an article, the About page); the other pages go without its ~2 kB (gzip).
 */
export const serverHtmlStyleTag = style.tag;

/**
 * In the browser, before a text from the editor is first drawn on a page whose HTML came without its CSS
 * (another public page, then an article opened within the app; the panel): the rules are added once.
 */
export const insertServerHtmlCss = style.insert;
