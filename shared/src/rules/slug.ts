/**
 * Slug helpers (lowercase letters and digits joined by single hyphens), pure so the editor and the API (e.g. a slug made for a post saved without one)
 * give the same answer.
 */

/** What the slug field keeps while a person types: lowercase, and anything but letters, digits, '_' and '-' becomes '-'. */
export function normaliseTypedSlug(input: string): string {
  return input.toLowerCase().replace(/[^a-z0-9_-]/g, '-');
}

// 'ł' has no decomposition in Unicode, so NFD alone would drop it; the rest lose their accents via NFD.
const NO_DECOMPOSITION: Readonly<Record<string, string>> = { ł: 'l', Ł: 'l', đ: 'd', ø: 'o', ß: 'ss' };

/**
 * A slug made from a title: lowercased and trimmed, special characters removed, runs of whitespace,
 * underscores and hyphens collapsed to one hyphen, no hyphen at either end. Polish letters keep their
 * base letter ('Żółć' → 'zolc') rather than vanishing, so Polish titles give readable slugs.
 */
export function slugFromTitle(title: string): string {
  return title
    .replace(/[łŁđøß]/g, (letter) => NO_DECOMPOSITION[letter] ?? '')
    .normalize('NFD')
    .replace(/\p{M}/gu, '')
    .toLowerCase()
    .trim()
    .replace(/[^a-z0-9\s_-]/g, '')
    .replace(/[\s_-]+/g, '-')
    .replace(/^-+|-+$/g, '');
}
