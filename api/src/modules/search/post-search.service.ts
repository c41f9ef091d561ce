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

/**
 * Runs `work` as `stage` needs: the typo stage in a transaction that lowers pg_trgm's word
 * similarity threshold (its <% operator reads it from a setting), the others as they are.
 */
export function inStageTransaction<T>(db: Db, stage: SearchStage, work: (db: Db) => Promise<T>): Promise<T> {
  if (stage.name !== 'typo') return work(db);
  return inTransaction(db, async (tx) => {
    await tx.sequelize.query(`SELECT set_config('pg_trgm.word_similarity_threshold', :value, true)`, {
      replacements: { value: String(TYPO_SIMILARITY) },
      transaction: tx.transaction,
    });
    return work(tx);
  });
}

/**
 * Runs `run` for each stage (inStageTransaction) until one returns a result (null: nothing found,
 * try the next).
 */
export async function firstStageFound<T>(
  db: Db,
  stages: SearchStage[],
  run: (db: Db, stage: SearchStage, last: boolean) => Promise<T | null>,
): Promise<{ stage: SearchStage; found: T } | null> {
  for (const [index, stage] of stages.entries()) {
    const last = index === stages.length - 1;
    const found = await inStageTransaction(db, stage, (tx) => run(tx, stage, last));
    if (found !== null) return { stage, found };
  }
  return null;
}

/**
 * Runs the stages of `query` (post-search.ts) until one finds posts, and gives each result row the
 * fragment of its text that matched. `run` returns null when its stage found nothing and is not the
 * last.
 */
export async function searchVisiblePosts(
  db: Db,
  query: string,
  run: (db: Db, stage: SearchStage, last: boolean) => Promise<{ rows: PostRow[]; total: number } | null>,
): Promise<{ rows: PostRow[]; total: number }> {
  const result = await firstStageFound(db, planPostSearch(query, await searchDictionary()), run);
  if (!result) return { rows: [], total: 0 };
  return { rows: await withFragments(db, result.found.rows, result.stage), total: result.found.total };
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
