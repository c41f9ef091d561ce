import { MULTI_LINE_REFUSED } from '@blog/shared/rules';
import { escapeMarkup } from '../../html/escape-markup.ts';

/**
 * The characters XML 1.0 allows nowhere, not even escaped (its Char production): C0 controls but tab,
 * line feed and carriage return, a lone surrogate, U+FFFE and U+FFFF. Exactly what a multi-line text
 * refuses on the way in (text-shape.ts); rows stored before that rule may still hold them.
 */
const XML_FORBIDDEN = new RegExp(`[${MULTI_LINE_REFUSED}]`, 'gu');

/** `text` without the characters XML forbids: one of them makes a whole feed unreadable to every reader. */
export const xmlSafe = (text: string): string => text.replace(XML_FORBIDDEN, '');

/** Text for an XML element or a quoted attribute: forbidden characters dropped, markup escaped. */
export const xmlText = (text: string): string => escapeMarkup(xmlSafe(text));
