import { sanitizePostHtml } from './sanitize-html.ts';

/** Bounds of the memo: a few hundred texts, a few MB of characters (stored and sanitized together). */
const MAX_ENTRIES = 256;
const MAX_CHARS = 4_000_000;

const sanitized = new Map<string, string>();
let chars = 0;

/**
 * sanitizePostHtml of a stored text that readers are served on every read (an article's body, the About
 * page): sanitized once per distinct stored text, not on every page drawn. Keyed by the stored text itself,
 * so an edited text is a new key and the answer is always the sanitized form of exactly what was read.
 * The least recently served texts leave first.
 */
export function servedPostHtml(stored: string): string {
  const known = sanitized.get(stored);
  if (known !== undefined) {
    // Served again: to the end of the order, the last to leave.
    sanitized.delete(stored);
    sanitized.set(stored, known);
    return known;
  }
  const clean = sanitizePostHtml(stored);
  const size = stored.length + clean.length;
  // A text larger than the whole bound is sanitized every time, never kept.
  if (size > MAX_CHARS) return clean;
  sanitized.set(stored, clean);
  chars += size;
  for (const [oldest, value] of sanitized) {
    if (sanitized.size <= MAX_ENTRIES && chars <= MAX_CHARS) break;
    sanitized.delete(oldest);
    chars -= oldest.length + value.length;
  }
  return clean;
}

/** How many texts the memo holds and their characters (for its tests). */
export const servedHtmlMemoSize = () => ({ entries: sanitized.size, chars });
