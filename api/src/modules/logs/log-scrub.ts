import type { LogFields } from './log-types.ts';

/** A message longer than this is cut: a log line is a summary, never a whole e-mail or document. */
export const MAX_MESSAGE_LENGTH = 1000;
const MAX_FIELD_LENGTH = 300;

/** Field names that may hold a secret; such fields are dropped whatever their value. */
const SECRET_FIELD =
  /pass|secret|token|cookie|authori[sz]ation|session|csrf|api[-_]?key|body|html|text|content/i;

/** `password=...`, `token: ...` and Bearer credentials written into free text by mistake. */
const SECRET_IN_TEXT =
  /\b(bearer\s+)[\w.~+/=-]+|\b((?:password|passwd|haslo|hasło|token|secret|api[-_]?key)\s*[=:]\s*)("[^"]*"|'[^']*'|\S+)/gi;

/**
 * What could make one entry pass for two, or reorder what the Logs screen shows: C0 and C1 controls
 * (CR, LF, tab, NEL...), DEL, the line and paragraph separators U+2028/U+2029 and the bidi controls.
 */
// eslint-disable-next-line no-control-regex -- matching control characters is the point
const UNSAFE = /[\u0000-\u001f\u007f-\u009f\u061c\u200e\u200f\u2028-\u202e\u2066-\u2069]/g;
const NAMED: Record<string, string> = { '\n': '\\n', '\r': '\\r', '\t': '\\t' };

/**
 * Writes each unsafe character out visibly (`\n`, `\u2028`), so a display name with a line break
 * in it reads as one odd name inside its entry, never as a second, forged entry.
 */
export const escapeControls = (text: string): string =>
  text.replace(UNSAFE, (char) => NAMED[char] ?? `\\u${char.charCodeAt(0).toString(16).padStart(4, '0')}`);

export function scrubMessage(message: string): string {
  const oneLine = escapeControls(message);
  const masked = oneLine.replace(
    SECRET_IN_TEXT,
    (_all, bearer: string | undefined, label: string | undefined) =>
      bearer ? `${bearer}[redacted]` : `${label ?? ''}[redacted]`,
  );
  return masked.length > MAX_MESSAGE_LENGTH ? `${masked.slice(0, MAX_MESSAGE_LENGTH - 1)}…` : masked;
}

/** Drops fields whose name suggests a secret or a body, and shortens long values. */
export function scrubFields(fields: LogFields | undefined): LogFields | undefined {
  if (!fields) return undefined;
  const kept: LogFields = {};
  for (const [name, value] of Object.entries(fields)) {
    if (SECRET_FIELD.test(name)) continue;
    kept[name] = typeof value === 'string' ? scrubMessage(value).slice(0, MAX_FIELD_LENGTH) : value;
  }
  return Object.keys(kept).length > 0 ? kept : undefined;
}
