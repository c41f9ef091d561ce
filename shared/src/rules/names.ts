import { checkField, textLength } from './check.ts';
import { CATEGORY_NAME_MAX_LENGTH, categoryForm } from './categories.ts';
import { commentForm } from './comments.ts';
import { PERSON_NAME_MAX_LENGTH } from './person-name.ts';
import { DISPLAY_NAME_MAX_LENGTH, userCreateForm } from './accounts.ts';
import { normalizeIdentifier, normalizeName } from './normalize.ts';
import { postForm, TAG_MAX_LENGTH } from './posts.ts';
import { ONE_LINE_REFUSED } from './text-shape.ts';

/**
 * Names that come from elsewhere than a form: an import (WordPress, Ghost, this blog's export) and
 * rows stored before the rules (a migration). A person at a form is told what to fix; here nobody
 * can be asked, so each name is normalized as the form would, made one line, and checked by the same
 * form rule; what still breaks it is reported (or falls back) by the caller, never stored.
 */

/**
 * What a one-line text may not hold (control characters, XML's non-characters, a lone surrogate;
 * text-shape.ts): a name is one line, so each run becomes one space and the form's rule then holds.
 */
const CONTROL_RUNS = new RegExp(`[${ONE_LINE_REFUSED}]+`, 'gu');

/** Bidi controls and zero-width characters: refused in people's names (patterns.ts), invisible anyway. */
const INVISIBLE = /[\u061C\u200B-\u200F\u202A-\u202E\u2060\u2066-\u2069\uFEFF]/g;

/** Line breaks, tabs and other control characters folded into spaces: 'Zima\n2024' is 'Zima 2024'. */
export const oneLine = (text: string): string => text.replace(CONTROL_RUNS, ' ');

/** The first `max` characters (code points, as the database and the rules count them), trimmed. */
export const firstCharacters = (text: string, max: number): string =>
  textLength(text) <= max ? text : [...text].slice(0, max).join('').trim();

/** A category or tag name as the forms would store it, or why it cannot be one. */
export type TermName = { ok: true; name: string } | { ok: false; problem: 'empty' | 'dots' };

/**
 * A category or tag name: one line, then normalized as the forms do (NFC, space separators one
 * space, zero-width characters dropped), cut to the column's length. Empty after that (it held only
 * invisible characters) or, for a tag, dots only ('.', '..' lead to other pages as /tag/.): no name.
 */
export function termName(kind: 'category' | 'tag', raw: string): TermName {
  const name = firstCharacters(
    normalizeIdentifier(oneLine(raw)),
    kind === 'category' ? CATEGORY_NAME_MAX_LENGTH : TAG_MAX_LENGTH,
  );
  if (name === '') return { ok: false, problem: 'empty' };
  const check =
    kind === 'category'
      ? checkField(categoryForm, 'name', { name })
      : checkField(postForm, 'tags', { tags: [name] });
  return check.ok ? { ok: true, name } : { ok: false, problem: 'dots' };
}

/**
 * A person's name shown to readers (display name, comment author): NFC, one line, without bidi
 * controls and zero-width characters, runs of spaces as one, cut to `max`; null when nothing is left
 * or the form's rule still refuses it (a comment author needs two characters).
 */
export function personName(kind: 'displayName' | 'commentAuthor', raw: string | null): string | null {
  if (raw === null) return null;
  const max = kind === 'displayName' ? DISPLAY_NAME_MAX_LENGTH : PERSON_NAME_MAX_LENGTH;
  const name = firstCharacters(normalizeName(oneLine(raw).replace(INVISIBLE, '')), max);
  if (name === '') return null;
  const check =
    kind === 'displayName'
      ? checkField(userCreateForm, 'displayName', { displayName: name })
      : checkField(commentForm, 'author', { author: name });
  return check.ok ? name : null;
}

/**
 * The start of a username made from another blog's login: as sign-in reads what is typed
 * (normalizeName), one line, without invisible characters, spaces as hyphens; '' when nothing is left.
 */
export const usernameBase = (raw: string): string =>
  normalizeName(oneLine(raw).replace(INVISIBLE, '')).replace(/\s+/g, '-');
