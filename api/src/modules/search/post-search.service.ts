import { QueryTypes } from 'sequelize';
import { type Db, inTransaction } from '../../deps.ts';
import { loggerFor } from '../../logger.ts';
import type { PostRow } from '../posts/posts.queries.ts';
import { searchFragment } from './fragment.ts';
import { type PolishDictionary, loadPolishDictionary } from './polish-dictionary.ts';
import {
  MAX_CONTAINING_WORDS,
  planPostSearch,
  type SearchStage,
  TYPO_SIMILARITY,
  withContainingWords,
  withSimilarWords,
} from './post-search.ts';

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

/** How many similar words of the vocabulary a typed word may stand for in the typo stage. */
const SIMILAR_WORDS = 12;

/**
 * Words of the posts' vocabulary (`search_words`) similar to the folded word: pg_trgm word
 * similarity ≥ TYPO_SIMILARITY (its <% operator reads the threshold from a setting, lowered for
 * this transaction only), most similar first.
 */
export function similarWords(db: Db, folded: string): Promise<string[]> {
  return inTransaction(db, async (tx) => {
    await tx.sequelize.query(`SELECT set_config('pg_trgm.word_similarity_threshold', :value, true)`, {
      replacements: { value: String(TYPO_SIMILARITY) },
      transaction: tx.transaction,
    });
    const rows = await tx.sequelize.query<{ word: string }>(
      `SELECT word FROM search_words WHERE :folded <% word
        ORDER BY word_similarity(:folded, word) DESC, word LIMIT :limit`,
      {
        type: QueryTypes.SELECT,
        replacements: { folded, limit: SIMILAR_WORDS },
        transaction: tx.transaction,
      },
    );
    return rows.map((row) => row.word);
  });
}

/**
 * Words of the posts' vocabulary that contain the folded term (its trigram index finds them), or null
 * when more than MAX_CONTAINING_WORDS do: the word index answers the substring (post-search.ts).
 */
export async function containingWords(db: Db, folded: string): Promise<string[] | null> {
  const rows = await db.sequelize.query<{ word: string }>(
    'SELECT word FROM search_words WHERE word LIKE :pattern LIMIT :limit',
    {
      type: QueryTypes.SELECT,
      replacements: { pattern: `%${folded}%`, limit: MAX_CONTAINING_WORDS + 1 },
      transaction: db.transaction,
    },
  );
  return rows.length > MAX_CONTAINING_WORDS ? null : rows.map((row) => row.word);
}

/**
 * Runs `run` for each stage until one returns a result (null: nothing found, try the next); the typo
 * stage first learns its similar words, every stage the vocabulary's words containing its terms.
 *
 * All in one transaction where the planner does not read the posts by a sequential scan. A search's
 * condition is the word index's (search_vector @@ …), and the planner does not charge a sequential
 * scan for reading each post's long vector out of line to test it: for a word in most posts it chose
 * that scan (200 ms at 10,000 posts) over the GIN index's bitmap (10 ms). One transaction and one
 * setting for every stage: a request's round trips are its statements, not four more per stage. The
 * setting is put back afterwards when the transaction is the caller's, which may go on.
 */
export async function firstStageFound<T>(
  db: Db,
  stages: SearchStage[],
  run: (db: Db, stage: SearchStage, last: boolean) => Promise<T | null>,
): Promise<{ stage: SearchStage; found: T } | null> {
  if (stages.length === 0) return null;
  return inTransaction(db, async (tx) => {
    const options = { type: QueryTypes.SELECT, transaction: tx.transaction } as const;
    const [previous] = await tx.sequelize.query<{ value: string }>(
      `SELECT current_setting('enable_seqscan') AS value, set_config('enable_seqscan', 'off', true)`,
      options,
    );
    // A term's containing words are the same in every stage: looked up once.
    const containing = new Map<string, Promise<string[] | null>>();
    const containingOnce = (folded: string) => {
      if (!containing.has(folded)) containing.set(folded, containingWords(tx, folded));
      return containing.get(folded)!;
    };
    let result: { stage: SearchStage; found: T } | null = null;
    for (const [index, planned] of stages.entries()) {
      const last = index === stages.length - 1;
      const similar =
        planned.name === 'typo'
          ? await withSimilarWords(planned, (folded) => similarWords(tx, folded))
          : planned;
      const stage = await withContainingWords(similar, containingOnce);
      const found = await run(tx, stage, last);
      if (found !== null) {
        result = { stage, found };
        break;
      }
    }
    if (db.transaction) {
      await tx.sequelize.query(`SELECT set_config('enable_seqscan', :value, true)`, {
        ...options,
        replacements: { value: previous!.value },
      });
    }
    return result;
  });
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
