import { QueryTypes } from 'sequelize';
import type { Db } from '../../deps.ts';

/*
 * Where an uploaded image can be referenced: the one definition the API's removal of a cover or
 * link-preview image and the worker's daily prune of unused uploads both read (@blog/api/images/references).
 *
 * - a post: its cover, its link-preview image and its body (as /uploads/… or /api/images/…, also
 *   inside an absolute address or a srcset);
 * - each kept revision of a post, the same three: a restore puts them back, so their files stay as
 *   long as the revision does (the last 50 per post; all go with the post);
 * - every site setting that is not a secret: the About page's body today, and whatever setting
 *   may hold an image address later without this list having to remember it.
 *
 * A text matches when it names the upload anywhere; too much kept is a few files, too little is a
 * broken image on a page.
 */
const REFERENCING_TEXTS = `
  SELECT concat_ws(' ', image_url, social_image_url, content) AS text FROM posts
  UNION ALL
  SELECT concat_ws(' ', image_url, social_image_url, content) FROM post_revisions
  UNION ALL
  SELECT value FROM site_settings WHERE NOT encrypted AND value IS NOT NULL`;

/** An upload's file name as a reference spells it, after /uploads/ or /api/images/. */
const REFERENCE_PATTERN = '(?:/uploads/|/api/images/)([A-Za-z0-9_-]+)';
const REFERENCE_IN_JS = /(?:\/uploads\/|\/api\/images\/)([A-Za-z0-9_-]+)/g;

/**
 * What ties a file to the upload it belongs to: for an upload made here (`<id>-<width>w.webp`, see
 * @blog/shared/rules image-variants) its id, so every width of it counts as used when one is;
 * otherwise the name without its extension.
 */
export const uploadKeyOf = (fileName: string): string => {
  const stem = fileName.replace(/\.[^.]*$/, '');
  return /^([a-f0-9]{32})-\d+w$/.exec(stem)?.[1] ?? stem;
};

/** The upload key of a stored image address (`/uploads/<file>`), or null for an outside address. */
export const uploadKeyOfUrl = (imageUrl: string | null | undefined): string | null =>
  imageUrl?.startsWith('/uploads/') && imageUrl.length > '/uploads/'.length
    ? uploadKeyOf(imageUrl.slice('/uploads/'.length))
    : null;

/** The keys of every upload a text (a post body, the About page) names. */
export function uploadKeysIn(text: string | null | undefined): string[] {
  if (!text) return [];
  return [...new Set([...text.matchAll(REFERENCE_IN_JS)].map((match) => uploadKeyOf(match[1]!)))];
}

/**
 * The upload keys something still references: all of them, or only those among `among` (the texts
 * are then narrowed to the ones containing a key before any pattern runs). Read in `db`'s transaction.
 */
export async function referencedUploadKeys(db: Db, among?: readonly string[]): Promise<Set<string>> {
  if (among?.length === 0) return new Set();
  const narrowed = among
    ? 'WHERE EXISTS (SELECT 1 FROM unnest(ARRAY[:among]::text[]) AS k WHERE strpos(r.text, k) > 0)'
    : '';
  const rows = await db.sequelize.query<{ stem: string }>(
    `SELECT DISTINCT m[1] AS stem
       FROM (${REFERENCING_TEXTS}) AS r, regexp_matches(r.text, :pattern, 'g') AS m
       ${narrowed}`,
    {
      type: QueryTypes.SELECT,
      replacements: { pattern: REFERENCE_PATTERN, among: among ?? [] },
      transaction: db.transaction,
    },
  );
  const keys = new Set(rows.map((row) => uploadKeyOf(row.stem)));
  return among ? new Set(among.filter((key) => keys.has(key))) : keys;
}

/**
 * Holds the uploads' keys until the transaction ends. The removal takes it before it looks for
 * references and keeps it while the files go; a save that adds a reference takes it before it
 * checks the file is there. So either the removal sees the committed reference and keeps the files,
 * or the save finds them gone (and refuses an address it checks); never a reference to nothing.
 * Taken in one order, so two holders of several keys cannot deadlock.
 */
export async function lockUploads(db: Required<Db>, keys: Iterable<string>): Promise<void> {
  const sorted = [...new Set(keys)].sort();
  if (sorted.length === 0) return;
  await db.sequelize.query(
    `SELECT pg_advisory_xact_lock(hashtext('blog:upload:' || k))
       FROM (SELECT k FROM unnest(ARRAY[:keys]::text[]) AS k ORDER BY k) AS sorted`,
    { replacements: { keys: sorted }, transaction: db.transaction },
  );
}

/**
 * Tells whoever listens for public changes (the worker's CDN purge) that these files are gone, so a
 * CDN drops its copies (`image:<file>`, purged by the key `image-<file>`). Sent when `db`'s
 * transaction commits: a rolled-back removal announces nothing.
 */
export async function announceImagesRemoved(db: Db, fileNames: readonly string[]): Promise<void> {
  if (fileNames.length === 0) return;
  await db.sequelize.query(
    `SELECT blog_public_changed('image:' || f) FROM unnest(ARRAY[:fileNames]::text[]) AS f`,
    { replacements: { fileNames: [...fileNames] }, transaction: db.transaction },
  );
}
