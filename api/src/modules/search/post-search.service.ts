import { QueryTypes } from 'sequelize';
import { type Db, inTransaction } from '../../deps.ts';
import { loggerFor } from '../../logger.ts';
import type { PostRow } from '../posts/posts.queries.ts';
import { searchFragment } from './fragment.ts';
import { type PolishDictionary, loadPolishDictionary } from './polish-dictionary.ts';
import { planPostSearch, type SearchStage, TYPO_SIMILARITY } from './post-search.ts';

let dictionary: Promise<PolishDictionary | null> | undefined;

/**
 * The Polish dictionary, loaded once per process (about a second; the API starts loading it at
 * start). Should it fail to load, the search goes on without inflection rather than failing.
 */
export function searchDictionary(): Promise<PolishDictionary | null> {
  dictionary ??= loadPolishDictionary().catch((error: unknown) => {
    loggerFor('app').error(
      { err: error },
      'the Polish dictionary did not load; searching without inflection',
    );
    return null;
  });
  return dictionary;
}

/** One stage's page and total, or null when it found nothing and a later stage is to be tried. */
export type RunStage = (
  db: Db,
  stage: SearchStage,
  last: boolean,
) => Promise<{ rows: PostRow[]; total: number } | null>;

/**
 * Runs the stages of `query` (post-search.ts) until one finds posts, and gives each result row the
 * fragment of its text that matched.
 */
export async function searchVisiblePosts(
  db: Db,
  query: string,
  run: RunStage,
): Promise<{ rows: PostRow[]; total: number }> {
  const stages = planPostSearch(query, await searchDictionary());
  for (const [index, stage] of stages.entries()) {
    const last = index === stages.length - 1;
    const found =
      stage.name === 'typo'
        ? // pg_trgm's <% reads its threshold from a setting: set for this transaction only.
          await inTransaction(db, async (tx) => {
            await tx.sequelize.query(`SELECT set_config('pg_trgm.word_similarity_threshold', :value, true)`, {
              replacements: { value: String(TYPO_SIMILARITY) },
              transaction: tx.transaction,
            });
            return run(tx, stage, last);
          })
        : await run(db, stage, last);
    if (found) return { rows: await withFragments(db, found.rows, stage), total: found.total };
  }
  return { rows: [], total: 0 };
}

async function withFragments(db: Db, rows: PostRow[], stage: SearchStage): Promise<PostRow[]> {
  if (rows.length === 0) return rows;
  const texts = await db.sequelize.query<{ id: number; content_text: string }>(
    'SELECT id, content_text FROM posts WHERE id IN (:ids)',
    {
      type: QueryTypes.SELECT,
      replacements: { ids: rows.map((row) => row.id) },
      transaction: db.transaction,
    },
  );
  const byId = new Map(texts.map((text) => [text.id, text.content_text]));
  return rows.map((row) => ({
    ...row,
    search_fragment: searchFragment(byId.get(row.id) ?? '', stage.terms),
  }));
}
