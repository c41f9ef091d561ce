/**
 * Unicode normalization of what people type, before any rule runs (both sides: the rules' evaluator
 * calls these). The same text can arrive in several code-point spellings: 'ą' as one character (NFC,
 * what Windows and Android send) or 'a' + a combining ogonek (NFD, what macOS and iOS keyboards and
 * some password managers send); a no-break space looks like a space; a zero-width space looks like
 * nothing. Stored as typed, each spelling made another account, category or tag that a reader cannot
 * tell apart, and a password typed on a Mac did not open an account made on Windows.
 */

/** Every space separator (no-break, thin, ideographic …, Unicode category Zs), runs included. */
const SPACE_RUNS = /\p{Zs}+/gu;

/** Zero-width characters: space, non-joiner, joiner, word joiner and the BOM (zero-width no-break space). */
const ZERO_WIDTH = /[\u200B-\u200D\u2060\uFEFF]/g;

/** Text as stored and compared: NFC, so 'ą' is one code point whichever keyboard typed it. */
export const normalizeText = (text: string): string => text.normalize('NFC');

/**
 * A name compared with others for uniqueness that refuses zero-width characters itself (a username:
 * its rules say so, so what is stored is what was typed): NFC, every run of space separators one
 * plain space (a browser shows 'Ala  Kot' and 'Ala\u00A0Kot' as 'Ala Kot'), trimmed.
 */
export const normalizeName = (text: string): string => normalizeText(text).replace(SPACE_RUNS, ' ').trim();

/**
 * An identifier compared for uniqueness (an e-mail address, a category or tag name, a slug): as
 * normalizeName, and zero-width characters dropped, so 'wyścig\u200B' is the tag 'wyścig'.
 */
export const normalizeIdentifier = (text: string): string =>
  normalizeText(text).replace(ZERO_WIDTH, '').replace(SPACE_RUNS, ' ').trim();

/** How a field's text is normalized before its rules: see Field.normalize. */
export type Normalization = 'text' | 'name' | 'identifier' | 'verbatim';

export function normalizeAs(normalization: Normalization, text: string): string {
  switch (normalization) {
    case 'text':
      return normalizeText(text);
    case 'name':
      return normalizeName(text);
    case 'identifier':
      return normalizeIdentifier(text);
    case 'verbatim':
      return text;
    default: {
      const unknown: never = normalization;
      throw new Error(`Unknown normalization ${String(unknown)}`);
    }
  }
}
