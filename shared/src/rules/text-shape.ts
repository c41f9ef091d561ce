/**
 * What characters a text may hold at all, whatever its other rules: the one rule the evaluator
 * (check.ts) applies to every `text` and `textList` field by itself, so no field can forget it.
 *
 * A one-line text (a title, a name, a setting; `lines: 'one'`, the default) refuses control
 * characters (C0, DEL, C1, the U+2028/U+2029 separators): they break a value shown on one line, and
 * most of them are no character XML 1.0 allows, so one stored title made the RSS feeds unreadable. A
 * multi-line text (a post's body, a comment, a message; `lines: 'many'`) keeps line feeds, carriage
 * returns and tabs, and refuses the other C0 controls. Both refuse what no XML document may contain
 * anywhere: U+FFFE, U+FFFF and a lone half of a surrogate pair (a broken emoji).
 *
 * Secrets (`type: 'secret'`) are exempt: a password is hashed, never shown nor written into a page,
 * and refusing one an account already has would lock it out. The SMTP login has its own one-line rule.
 */

/** Characters no one-line text may hold, as a character class body (for a RegExp with the `u` flag). */
export const ONE_LINE_REFUSED = '\\u0000-\\u001F\\u007F-\\u009F\\u2028\\u2029\\uD800-\\uDFFF\\uFFFE\\uFFFF';

/** Characters no multi-line text may hold: C0 controls but tab, line feed and carriage return; XML's non-characters. */
export const MULTI_LINE_REFUSED = '\\u0000-\\u0008\\u000B\\u000C\\u000E-\\u001F\\uD800-\\uDFFF\\uFFFE\\uFFFF';

/** Whole-value patterns (flag `u`, so `\uD800-\uDFFF` matches only a lone surrogate, never half of an emoji). */
export const TEXT_SHAPE_PATTERNS = {
  one: `^[^${ONE_LINE_REFUSED}]*$`,
  many: `^[^${MULTI_LINE_REFUSED}]*$`,
} as const;

export type TextLines = keyof typeof TEXT_SHAPE_PATTERNS;

/** The one message for both: the character is invisible, so the person is told what it is and what to do. */
export const CONTROL_CHARACTERS_MESSAGE =
  'Tekst zawiera niedozwolony, niewidoczny znak sterujący (np. skopiowany z innego programu) – usuń go i spróbuj ponownie';

const compiled = {
  one: new RegExp(TEXT_SHAPE_PATTERNS.one, 'u'),
  many: new RegExp(TEXT_SHAPE_PATTERNS.many, 'u'),
};

/** Whether `text` holds only characters a text of this kind may. */
export const textShapeHolds = (lines: TextLines, text: string): boolean => compiled[lines].test(text);
