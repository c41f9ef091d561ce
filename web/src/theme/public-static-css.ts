// `?inline`: the file as a string, minified by the build (~20 % smaller than as written).
import css from './public-static.css?inline';
import { staticStyle } from './static-style.ts';

const style = staticStyle('data-public-static', css);

/**
 * The style element of public-static.css as a server-rendered page carries it: built once per process and
 * written after Chakra's global CSS.
 */
export const publicStaticStyleTag = style.tag;

/**
 * A page the browser renders itself (the panel's shell) has no server-written CSS: the public parts' rules
 * are added once, for a later visit to a public page within the app.
 */
export const insertPublicStaticCss = style.insert;
