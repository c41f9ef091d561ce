/**
 * Regular expressions shared by several forms, as source text so the contract test can compare them
 * with the YAML's `pattern` letter for letter.
 */

/**
 * What counts as an e-mail address on both sides (the same shape zod's `z.email()` accepts): ASCII
 * local part without leading or double dots, dotted domain, a TLD of two or more letters.
 */
export const EMAIL_PATTERN =
  "^(?!\\.)(?!.*\\.\\.)([A-Za-z0-9_'+\\-\\.]*)[A-Za-z0-9_+-]@([A-Za-z0-9][A-Za-z0-9\\-]*\\.)+[A-Za-z]{2,}$";

/**
 * A sender address for the SMTP settings: like EMAIL_PATTERN, but the domain may be a single name
 * (`blog@localhost`, a relay's local host), since the mail server, not the public, reads it.
 */
export const SENDER_EMAIL_PATTERN =
  "^(?!\\.)(?!.*\\.\\.)([A-Za-z0-9_'+\\-\\.]*)[A-Za-z0-9_+-]@[A-Za-z0-9](?:[A-Za-z0-9\\-]*[A-Za-z0-9])?(?:\\.[A-Za-z0-9](?:[A-Za-z0-9\\-]*[A-Za-z0-9])?)*$";

/** Lowercase letters and digits, groups joined by single hyphens. */
export const SLUG_PATTERN = '^[a-z0-9]+(?:-[a-z0-9]+)*$';

/** A moment with its offset, as the editor sends a planned publication (ISO 8601, e.g. 2026-11-25T14:30:00.000Z). */
export const SCHEDULE_PATTERN =
  '^\\d{4}-\\d{2}-\\d{2}T\\d{2}:\\d{2}(:\\d{2}(\\.\\d{1,3})?)?(Z|[+-]\\d{2}:\\d{2})$';

/** The captcha id the API hands out (a UUID). */
export const UUID_PATTERN = '^[0-9a-fA-F]{8}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{12}$';

/** An SMTP server's name or address: no whitespace, so no CR/LF can reach the connection. */
export const SMTP_HOST_PATTERN = '^\\S+$';

/** One line: no CR or LF, so the value can never start a new header or SMTP command. */
export const SINGLE_LINE_PATTERN = '^[^\\r\\n]*$';

/**
 * A tag name is a path segment (/tag/{name}, /rss/tag/{name}.xml) and encodeURIComponent leaves dots
 * as they are: a name of dots only ('.', '..') would be read as "this folder" or "the one above" and
 * lead to another page, so it is refused; so are control characters (a tag name is one line).
 */
export const TAG_NAME_PATTERN = '^(?!\\s*\\.+\\s*$)[^\\u0000-\\u001F\\u007F-\\u009F\\u2028\\u2029]*$';

/** A category's name: one line, no control characters (C0, C1, U+2028/U+2029); not empty. */
export const CATEGORY_NAME_PATTERN = '^[^\\u0000-\\u001F\\u007F-\\u009F\\u2028\\u2029]+$';

/** TCP ports 1–65535 written in digits. */
export const PORT_PATTERN =
  '^(?:[1-9][0-9]{0,3}|[1-5][0-9]{4}|6[0-4][0-9]{3}|65[0-4][0-9]{2}|655[0-2][0-9]|6553[0-5])$';

/**
 * The 'Nie klikaj tu!' address (setting titleLink): empty (the default), an http(s) address, or a
 * path on this site. A path starts with exactly one '/': '//host' and '/\\host' (browsers read a
 * backslash as a slash) would lead off the site while looking like a local path.
 */
export const TITLE_LINK_PATTERN = '^$|^(https?://\\S+|/([^/\\\\\\s]\\S*)?)$';

/**
 * Names people see (comment authors, usernames, display names) without the characters that make one
 * name pass for another: bidi controls (U+202A–U+202E embeddings and overrides, U+2066–U+2069
 * isolates, the marks U+200E, U+200F and U+061C), which reorder what is shown ('Ala\u202Enimda'
 * reads 'Alaadmin'), and zero-width characters (U+200B–U+200D, U+2060, U+FEFF), which hide inside
 * a name; and control characters (C0, C1, U+2028/U+2029 separators), which break a one-line name
 * into lines (in the Logs screen one would pass for a second entry). Refused rather than stripped,
 * so what is stored is what the person typed.
 */
export const NO_INVISIBLE_CHARACTERS_PATTERN =
  '^[^\\u0000-\\u001F\\u007F-\\u009F\\u061C\\u200B-\\u200F\\u2028-\\u202E\\u2060\\u2066-\\u2069\\uFEFF]*$';

/** The editor's link schemes (docs/security.md) (the server sanitizer uses the same list). */
export const LINK_SCHEMES = [
  'http',
  'https',
  'ftp',
  'ftps',
  'mailto',
  'tel',
  'callto',
  'sms',
  'cid',
  'xmpp',
] as const;
/** Images by URL: web addresses only, never data: URLs. */
export const IMAGE_SCHEMES = ['http', 'https'] as const;
