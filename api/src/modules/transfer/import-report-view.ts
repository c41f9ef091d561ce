import type { components } from '@blog/openapi';
import { textLength } from '@blog/openapi/rules';

type ImportResult = components['schemas']['ImportResult'];
type ImportCounts = components['schemas']['ImportCounts'];

/**
 * A stored import report made to fit the contract's ImportResult, whatever is in the row: a report
 * written by an older importer, or one holding a value over a limit (a 600-character slug), once made
 * every answer of the import history a 500 for ever, since the response no longer matched the
 * contract. What does not fit is cut (text over its limit, lists over theirs) or dropped (an entry
 * missing a field, an unknown field, the whole report when its source cannot be told); `notes` says
 * where, for the log (paths and what happened, never the stored values).
 *
 * The limits below are the contract's (openapi.yaml, ImportResult); the transfer tests check a
 * normalized report against the contract through the response validator.
 */

const LIMITS = {
  site: 2000,
  renamedText: 200,
  skippedText: 2000,
  sanitizedSourceId: 200,
  sanitizedTitle: 2000,
  items: 1_000_000,
  count: 2_147_483_647,
} as const;

const SOURCE_KINDS = ['wordpress', 'ghost', 'blog'] as const;
const SKIPPED_KINDS = ['post', 'comment', 'image', 'author', 'category', 'tag'] as const;
const COUNT_KEYS = ['posts', 'authors', 'categories', 'tags', 'comments', 'images'] as const;

export interface ReportView {
  result: ImportResult | null;
  /** What had to change, by path (`renamedSlugs[3].from: cut to 200`); empty when the report fit. */
  notes: string[];
}

type Notes = string[];

const isRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

/** The object at `path` with only `known` keys (the others noted), or undefined when it is none. */
function recordAt(value: unknown, path: string, known: readonly string[], notes: Notes) {
  if (!isRecord(value)) {
    notes.push(`${path}: not an object`);
    return undefined;
  }
  for (const key of Object.keys(value))
    if (!known.includes(key)) notes.push(`${path}.${key}: unknown field dropped`);
  return value;
}

/** Text cut to `max` characters (code points, as JSON Schema counts them), or undefined when it is none. */
function textAt(value: unknown, path: string, max: number, notes: Notes): string | undefined {
  if (typeof value !== 'string') {
    notes.push(`${path}: missing or not text`);
    return undefined;
  }
  if (textLength(value) <= max) return value;
  notes.push(`${path}: cut to ${max} characters`);
  return [...value].slice(0, max).join('');
}

function oneOfAt<T extends string>(value: unknown, path: string, allowed: readonly T[], notes: Notes) {
  if (allowed.includes(value as T)) return value as T;
  notes.push(`${path}: not one of ${allowed.join(', ')}`);
  return undefined;
}

function countsAt(value: unknown, path: string, notes: Notes): ImportCounts {
  const record = recordAt(value, path, COUNT_KEYS, notes) ?? {};
  const counts = {} as ImportCounts;
  for (const key of COUNT_KEYS) {
    const count = record[key];
    const fits = typeof count === 'number' && Number.isInteger(count) && count >= 0 && count <= LIMITS.count;
    if (!fits && isRecord(value)) notes.push(`${path}.${key}: not a count, shown as 0`);
    counts[key] = fits ? count : 0;
  }
  return counts;
}

/** A list whose entries `read` can make fit; the others are dropped, and the list cut to its limit. */
function listAt<T>(
  value: unknown,
  path: string,
  notes: Notes,
  read: (item: unknown, path: string, notes: Notes) => T | undefined,
): T[] {
  if (!Array.isArray(value)) {
    notes.push(`${path}: not a list`);
    return [];
  }
  if (value.length > LIMITS.items) notes.push(`${path}: cut to ${LIMITS.items} entries`);
  const entries: T[] = [];
  value.slice(0, LIMITS.items).forEach((item, index) => {
    const entryNotes: Notes = [];
    const entry = read(item, `${path}[${index}]`, entryNotes);
    notes.push(...entryNotes);
    if (entry === undefined) notes.push(`${path}[${index}]: dropped`);
    else entries.push(entry);
  });
  return entries;
}

/** Every field of an entry read; the entry is kept only when each one was there. */
function entryOf<T extends Record<string, unknown>>(fields: { [K in keyof T]: T[K] | undefined }):
  T | undefined {
  return Object.values(fields).every((field) => field !== undefined) ? (fields as T) : undefined;
}

const renamedSlug = (item: unknown, path: string, notes: Notes) => {
  const record = recordAt(item, path, ['sourceId', 'from', 'to'], notes);
  if (!record) return undefined;
  return entryOf({
    sourceId: textAt(record.sourceId, `${path}.sourceId`, LIMITS.renamedText, notes),
    from: textAt(record.from, `${path}.from`, LIMITS.renamedText, notes),
    to: textAt(record.to, `${path}.to`, LIMITS.renamedText, notes),
  });
};

const skippedItem = (item: unknown, path: string, notes: Notes) => {
  const record = recordAt(item, path, ['kind', 'sourceId', 'title', 'reason'], notes);
  if (!record) return undefined;
  return entryOf({
    kind: oneOfAt(record.kind, `${path}.kind`, SKIPPED_KINDS, notes),
    sourceId: textAt(record.sourceId, `${path}.sourceId`, LIMITS.skippedText, notes),
    title: textAt(record.title, `${path}.title`, LIMITS.skippedText, notes),
    reason: textAt(record.reason, `${path}.reason`, LIMITS.skippedText, notes),
  });
};

const sanitizedPost = (item: unknown, path: string, notes: Notes) => {
  const record = recordAt(item, path, ['sourceId', 'title'], notes);
  if (!record) return undefined;
  return entryOf({
    sourceId: textAt(record.sourceId, `${path}.sourceId`, LIMITS.sanitizedSourceId, notes),
    title: textAt(record.title, `${path}.title`, LIMITS.sanitizedTitle, notes),
  });
};

const RESULT_KEYS = ['source', 'created', 'unchanged', 'renamedSlugs', 'skipped', 'sanitized'];

/** The stored report (the `report` column) as the contract's ImportResult, and what had to change. */
export function importReportView(stored: unknown): ReportView {
  if (stored === null || stored === undefined) return { result: null, notes: [] };
  const notes: Notes = [];
  const report = recordAt(stored, 'report', RESULT_KEYS, notes);
  const source = report && recordAt(report.source, 'report.source', ['kind', 'site'], notes);
  const kind = source && oneOfAt(source.kind, 'report.source.kind', SOURCE_KINDS, notes);
  // Without its source the report cannot be told apart from any other: none of it is shown.
  if (!report || !source || !kind) return { result: null, notes: [...notes, 'report: not shown'] };
  const result: ImportResult = {
    source: { kind, site: textAt(source.site, 'report.source.site', LIMITS.site, notes) ?? '' },
    created: countsAt(report.created, 'report.created', notes),
    unchanged: countsAt(report.unchanged, 'report.unchanged', notes),
    renamedSlugs: listAt(report.renamedSlugs, 'report.renamedSlugs', notes, renamedSlug),
    skipped: listAt(report.skipped, 'report.skipped', notes, skippedItem),
    sanitized: listAt(report.sanitized, 'report.sanitized', notes, sanitizedPost),
  };
  return { result, notes };
}
