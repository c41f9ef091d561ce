import {
  INSTANT_FIRST_YEAR,
  INSTANT_LAST_YEAR,
  isAcceptedMoment,
  readInstant,
  type InstantProblem,
} from '@blog/shared/rules';
import { badRequest, type AppError } from '../../errors.ts';
import type { TransferDocument } from './transfer-document.ts';

/**
 * The dates of an import follow the blog's one rule of a moment (@blog/shared/rules, instant.ts): a
 * real calendar day and time within years 1900..9999 in UTC. A file with any other date is refused
 * whole, before anything is written, naming the post or comment: stored, such a date made the lists,
 * the articles, the sitemap and RSS answer 500 or `+010000-…`.
 */

const FIELD_NAMES: Record<string, string> = {
  createdAt: 'data utworzenia',
  publishedAt: 'data publikacji',
  scheduledAt: 'zaplanowana data publikacji',
  updatedAt: 'data zmiany',
  exportedAt: 'data eksportu',
};

/** The refusal of one date of the file: which object, which date, the value as the file has it, why. */
export function importDateRefused(
  where: string,
  field: string,
  value: string,
  problem: InstantProblem,
): AppError {
  const what = `${where}: ${FIELD_NAMES[field] ?? field} „${value}”`;
  const why =
    problem === 'calendar'
      ? 'nie istnieje w kalendarzu'
      : `wypada poza lata ${INSTANT_FIRST_YEAR}–${INSTANT_LAST_YEAR} (czasu UTC), których blog nie zapisze`;
  return badRequest(`${what} ${why}. Popraw ją w pliku i zaimportuj go ponownie; nic nie zaimportowano.`);
}

const postName = (title: unknown, index: number) =>
  typeof title === 'string' && title.trim() !== ''
    ? `Wpis „${title.trim().slice(0, 100)}”`
    : `Wpis nr ${index + 1}`;

/**
 * A WordPress or Ghost date for the transfer document: the ISO text of an accepted moment; the file's
 * own text when it is a moment the blog refuses (assertDatesAccepted then names it); null when it is
 * no date at all, so the parser falls back as it always did. ISO text is read by its digits (no
 * rolling 30 February over to March); other spellings (RSS pubDate) by Date.
 */
export function sourceDate(raw: unknown): string | null {
  if (typeof raw === 'number') {
    const date = new Date(raw);
    if (Number.isNaN(date.getTime())) return null;
    return isAcceptedMoment(date) ? date.toISOString() : String(raw);
  }
  if (typeof raw !== 'string' || raw.trim() === '') return null;
  const text = raw.trim();
  const reading = readInstant(text);
  if (reading.ok) return reading.date.toISOString();
  if (reading.problem !== 'format') return text;
  const date = new Date(text);
  if (Number.isNaN(date.getTime())) return null;
  return isAcceptedMoment(date) ? date.toISOString() : text;
}

/** The date of a parsed file that is only informative (when it was exported): dropped, not refused. */
export const informativeDate = (raw: unknown): string | null => {
  const date = sourceDate(raw);
  return date !== null && readInstant(date).ok ? date : null;
};

/** Refuses a parsed WordPress or Ghost document with a date the blog cannot keep (see above). */
export function assertDatesAccepted(document: TransferDocument): void {
  const check = (where: string, field: string, value: string | null) => {
    if (value === null) return;
    const reading = readInstant(value);
    if (!reading.ok) throw importDateRefused(where, field, value, reading.problem);
  };
  document.posts.forEach((post, index) => {
    const where = postName(post.title, index);
    check(where, 'createdAt', post.createdAt);
    check(where, 'publishedAt', post.publishedAt);
    check(where, 'scheduledAt', post.scheduledAt ?? null);
    check(where, 'updatedAt', post.updatedAt);
  });
  for (const comment of document.comments)
    check(`Komentarz ${comment.sourceId.slice(0, 100)}`, 'createdAt', comment.createdAt);
}

/**
 * The refusal of this blog's own file whose schema check failed at a date (`posts.3.createdAt`), or
 * null when the failure is elsewhere or the date is merely misspelt (the general message says so).
 */
export function transferDateRefusal(json: unknown, path: readonly PropertyKey[]): AppError | null {
  const field = path.at(-1);
  if (typeof field !== 'string' || !(field in FIELD_NAMES)) return null;
  let value: unknown = json;
  for (const key of path) value = (value as Record<PropertyKey, unknown> | null)?.[key];
  if (typeof value !== 'string') return null;
  const reading = readInstant(value);
  if (reading.ok || reading.problem === 'format') return null;
  const [list, index] = path;
  const item = typeof index === 'number' ? (json as Record<string, unknown[]>)[String(list)]?.[index] : null;
  const where =
    list === 'posts' && typeof index === 'number'
      ? postName((item as { title?: unknown } | undefined)?.title, index)
      : list === 'comments' && typeof index === 'number'
        ? `Komentarz nr ${index + 1}`
        : 'Plik';
  return importDateRefused(where, field, value, reading.problem);
}
