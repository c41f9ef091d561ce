import { EARLIEST_INSTANT, LATEST_INSTANT, normalizeName, personName, termName } from '@blog/shared/rules';
import { QueryTypes, type Sequelize, type Transaction } from 'sequelize';
import type { MigrationFn } from 'umzug';
import type { MigrationContext } from './index.ts';

/*
 * Rows stored before the rules on dates and names (@blog/shared/rules instant.ts, names.ts) are
 * brought under them once, so nothing already in the database breaks a page the rules now protect:
 *
 * - Dates outside 1900-01-01 .. 9999-12-31T23:59:59.999Z (UTC): written back as `+010000-…`, one of
 *   them made the admin lists answer 500 for everyone. A planned publication outside them is
 *   dropped (the post, a draft until then, stays a draft, unscheduled); every other date of a post
 *   (created, updated, first published) and a comment's date is clamped to the nearer bound.
 * - Tag names: normalized as the forms do (NFC, spaces, zero-width dropped, one line). A tag whose
 *   name becomes another's is merged into it (its posts keep the tag, once); a tag of dots only or
 *   of nothing visible is deleted (/tag/. leads to another page).
 * - Category names and usernames: normalized alike, but never merged (subscriptions and accounts are
 *   people's data): a row whose normalized name is taken, or empty, stays as it is. Display names
 *   lose line breaks and invisible characters.
 *
 * Set-based: the dates in a few UPDATEs; names are picked by SQL (only rows that can change), their
 * new spelling computed by the shared rules, and written back in one statement per table.
 * Not reversible: the old values are not kept (down does nothing).
 */

const FIRST = new Date(EARLIEST_INSTANT).toISOString();
const LAST = new Date(LATEST_INSTANT).toISOString();

/** The column clamped into the years (NULL stays NULL, 'infinity' becomes the bound). */
const clamp = (column: string) =>
  `CASE WHEN ${column} < :first THEN :first::timestamptz WHEN ${column} > :last THEN :last::timestamptz ELSE ${column} END`;
const outside = (column: string) => `(${column} < :first OR ${column} > :last)`;

const POST_DATES = ['created_at', 'updated_at', 'first_published_at'];

const DATES_SQL = [
  // Drafts until their moment: unscheduled, they stay drafts.
  `UPDATE posts SET scheduled_at = NULL, version = version + 1 WHERE ${outside('scheduled_at')}`,
  `UPDATE posts SET ${POST_DATES.map((c) => `${c} = ${clamp(c)}`).join(', ')}, version = version + 1
    WHERE ${POST_DATES.map(outside).join(' OR ')}`,
  `UPDATE comments SET created_at = ${clamp('created_at')} WHERE ${outside('created_at')}`,
];

/**
 * Names the rules could change (a superset: the shared rules decide): not NFC, holding a control,
 * zero-width or non-ASCII space character, spaces at an end or doubled, or dots only.
 */
const mayChange = (column: string) =>
  String.raw`(${column} IS NOT NFC NORMALIZED
    OR ${column} ~ '[\u0001-\u001F\u007F-\u009F\u00A0\u061C\u1680\u2000-\u200F\u2028-\u202F\u205F-\u206F\u3000\uFEFF]'
    OR ${column} <> btrim(${column}) OR ${column} LIKE '%  %' OR ${column} ~ '^[.[:space:]]*$')`;

interface Renames {
  ids: number[];
  names: (string | null)[];
}

export interface RepairCounts {
  scheduledDropped: number;
  postDatesClamped: number;
  commentDatesClamped: number;
  tagsRenamed: number;
  tagsMerged: number;
  tagsDeleted: number;
  categoriesRenamed: number;
  usernamesRenamed: number;
  displayNamesChanged: number;
}

async function candidates(sequelize: Sequelize, transaction: Transaction, table: string, column: string) {
  return sequelize.query<{ id: number; value: string }>(
    `SELECT id, ${column} AS value FROM ${table} WHERE ${mayChange(column)} ORDER BY id`,
    { type: QueryTypes.SELECT, transaction },
  );
}

/** The rows whose value the rule changes, with the new value (null: the rule leaves none). */
function renamesOf(rows: { id: number; value: string }[], rule: (value: string) => string | null): Renames {
  const renames: Renames = { ids: [], names: [] };
  for (const row of rows) {
    const name = rule(row.value);
    if (name === row.value) continue;
    renames.ids.push(row.id);
    renames.names.push(name);
  }
  return renames;
}

/** Runs one statement (bound values, else the years' bounds as :first and :last); answers its row count. */
async function run(sequelize: Sequelize, transaction: Transaction, sql: string, bind: unknown[] = []) {
  const values = bind.length ? { bind } : { replacements: { first: FIRST, last: LAST } };
  const [, result] = await sequelize.query(sql, { ...values, transaction });
  return (result as { rowCount?: number | null }).rowCount ?? 0;
}

/** Normalizes tag names, merging a tag into the one of its new name and deleting dots-only ones. */
async function repairTags(sequelize: Sequelize, transaction: Transaction, counts: RepairCounts) {
  const rows = await candidates(sequelize, transaction, 'tags', 'name');
  const renames = renamesOf(rows, (name) => {
    const outcome = termName('tag', name);
    return outcome.ok ? outcome.name : null;
  });
  const gone = renames.ids.filter((_, index) => renames.names[index] === null);
  const kept = {
    ids: renames.ids.filter((_, index) => renames.names[index] !== null),
    names: renames.names.filter((name) => name !== null),
  };
  counts.tagsDeleted = gone.length
    ? await run(sequelize, transaction, 'DELETE FROM tags WHERE id = ANY($1::int[])', [gone])
    : 0;
  if (kept.ids.length === 0) return;
  // Each renamed tag goes into the tag that already has its new name, else into the first of those
  // renamed alike (which takes the name).
  await run(
    sequelize,
    transaction,
    `CREATE TEMP TABLE tag_renames ON COMMIT DROP AS
     SELECT f.id, f.name,
            coalesce((SELECT t.id FROM tags t WHERE lower(t.name) = lower(f.name) AND t.id <> ALL($1::int[])),
                     min(f.id) OVER (PARTITION BY lower(f.name))) AS into_id
       FROM unnest($1::int[], $2::text[]) AS f(id, name)`,
    [kept.ids, kept.names],
  );
  await sequelize.query(
    `INSERT INTO post_tags (post_id, tag_id)
     SELECT pt.post_id, r.into_id FROM post_tags pt JOIN tag_renames r ON r.id = pt.tag_id
      WHERE r.into_id <> r.id
     ON CONFLICT DO NOTHING`,
    { transaction },
  );
  counts.tagsMerged = await run(
    sequelize,
    transaction,
    'DELETE FROM tags WHERE id IN (SELECT id FROM tag_renames WHERE into_id <> id)',
  );
  counts.tagsRenamed = await run(
    sequelize,
    transaction,
    'UPDATE tags t SET name = r.name FROM tag_renames r WHERE t.id = r.id AND r.into_id = r.id',
  );
}

/**
 * Renames rows of a table whose names are unique (categories, usernames) where the new name is free:
 * of several rows renamed alike only the first; a row whose new name another row holds stays as it is.
 */
async function renameWhereFree(
  sequelize: Sequelize,
  transaction: Transaction,
  table: 'categories' | 'users',
  column: 'name' | 'username',
  rule: (value: string) => string | null,
): Promise<number> {
  const renames = renamesOf(await candidates(sequelize, transaction, table, column), rule);
  const ids = renames.ids.filter((_, index) => renames.names[index]);
  const names = renames.names.filter(Boolean);
  if (ids.length === 0) return 0;
  return run(
    sequelize,
    transaction,
    `UPDATE ${table} x SET ${column} = f.name
       FROM (SELECT id, name, min(id) OVER (PARTITION BY lower(name)) AS first
               FROM unnest($1::int[], $2::text[]) AS r(id, name)) f
      WHERE x.id = f.id AND f.id = f.first
        AND NOT EXISTS (SELECT 1 FROM ${table} o WHERE lower(o.${column}) = lower(f.name) AND o.id <> ALL($1::int[]))`,
    [ids, names],
  );
}

/** Brings every stored date and name under today's rules (see above); answers what it changed. */
export async function repairStoredValues(sequelize: Sequelize): Promise<RepairCounts> {
  return sequelize.transaction(async (transaction) => {
    const counts: RepairCounts = {
      scheduledDropped: 0,
      postDatesClamped: 0,
      commentDatesClamped: 0,
      tagsRenamed: 0,
      tagsMerged: 0,
      tagsDeleted: 0,
      categoriesRenamed: 0,
      usernamesRenamed: 0,
      displayNamesChanged: 0,
    };
    counts.scheduledDropped = await run(sequelize, transaction, DATES_SQL[0]!);
    counts.postDatesClamped = await run(sequelize, transaction, DATES_SQL[1]!);
    counts.commentDatesClamped = await run(sequelize, transaction, DATES_SQL[2]!);
    await repairTags(sequelize, transaction, counts);
    counts.categoriesRenamed = await renameWhereFree(sequelize, transaction, 'categories', 'name', (name) => {
      const outcome = termName('category', name);
      return outcome.ok ? outcome.name : null;
    });
    // As sign-in reads a typed name: an account stored NFD could not be signed in to.
    counts.usernamesRenamed = await renameWhereFree(sequelize, transaction, 'users', 'username', (name) =>
      normalizeName(name),
    );
    const displayNames = renamesOf(
      await candidates(sequelize, transaction, 'users', 'display_name'),
      (name) => personName('displayName', name),
    );
    counts.displayNamesChanged = displayNames.ids.length
      ? await run(
          sequelize,
          transaction,
          `UPDATE users u SET display_name = f.name
             FROM unnest($1::int[], $2::text[]) AS f(id, name) WHERE u.id = f.id`,
          [displayNames.ids, displayNames.names],
        )
      : 0;
    return counts;
  });
}

export const up: MigrationFn<MigrationContext> = async ({ context }) => {
  await repairStoredValues(context.sequelize);
};

/** The values before the repair are not kept: nothing to put back. */
export const down: MigrationFn<MigrationContext> = async () => {};
