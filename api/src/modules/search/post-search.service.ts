import { QueryTypes } from 'sequelize';
import { type Db, inTransaction } from '../../deps.ts';
import { loggerFor } from '../../logger.ts';
import type { PostRow } from '../posts/posts.queries.ts';
import { searchFragment } from './fragment.ts';
import { type PolishDictionary, loadPolishDictionary } from './polish-dictionary.ts';
import {
  indexedSubstring,
  inNoPost,
  MAX_CONTAINING_WORDS,
  planPostSearch,
  type SearchStage,
  type SearchTerm,
  type TermVocabulary,
  TYPO_SIMILARITY,
  withSimilarWords,
  withVocabulary,
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
/** A similar word has four letters or more: a shorter word („pra”) is never a typo of a longer one. */
const SIMILAR_MIN_LENGTH = 4;

/**
 * For each folded word, the distinct words of the posts' vocabulary (`search_words`, where two
 * transactions may have added the same word) similar to it, in one statement: pg_trgm word
 * similarity ≥ TYPO_SIMILARITY, most similar first. Its <% operator reads the threshold from a
 * setting, which firstStageFound sets for its transaction.
 */
async function similarWords(db: Db, words: string[]): Promise<string[][]> {
  if (words.length === 0) return [];
  const rows = await db.sequelize.query<{ term: number; word: string }>(
    `SELECT t.term::int AS term, s.word
       FROM unnest(ARRAY[:words]::text[]) WITH ORDINALITY AS t(folded, term)
       CROSS JOIN LATERAL (SELECT word FROM search_words
                            WHERE t.folded <% word AND length(word) >= :minLength GROUP BY word
                            ORDER BY word_similarity(t.folded, word) DESC, word LIMIT :limit) s
      ORDER BY t.term, word_similarity(t.folded, s.word) DESC, s.word`,
    {
      type: QueryTypes.SELECT,
      replacements: { words, limit: SIMILAR_WORDS, minLength: SIMILAR_MIN_LENGTH },
      transaction: db.transaction,
    },
  );
  return words.map((_, index) => rows.filter((row) => row.term === index + 1).map((row) => row.word));
}

/**
 * What the posts' vocabulary (search_words: every word of every post, added in the statement that
 * writes the post) says of each term, in one statement: its words that contain the folded term (when
 * the word index may answer it as a substring; null when more than MAX_CONTAINING_WORDS do: LIKE over
 * the text answers), which of its dictionary forms some post holds, and whether a post the word index
 * cannot answer holds the term by LIKE. A form missing from the vocabulary is in no post: leaving it
 * out finds the same posts, and the word index no longer tests each found post against dozens of forms
 * that match nothing („praca”'s 59 forms, from the dictionary's analyses of „prać” and „przeć”, cost 6
 * of the 8 ms of its index scan at 10,000 posts).
 */
export async function vocabularyOf(db: Db, terms: SearchTerm[]): Promise<TermVocabulary[]> {
  const selects: string[] = [];
  const replacements: Record<string, unknown> = { limit: MAX_CONTAINING_WORDS + 1 };
  const asked = terms.map((term, index) => {
    const containing = indexedSubstring(term.folded);
    if (containing) {
      replacements[`pattern${index}`] = `%${term.folded}%`;
      selects.push(`(SELECT ${index} AS term, word, 'containing' AS kind FROM search_words
                      WHERE word LIKE :pattern${index} GROUP BY word LIMIT :limit)`);
      // The few posts the word index cannot answer (their partial index): one holding the term.
      selects.push(`SELECT ${index} AS term, '' AS word, 'inexact' AS kind
                     WHERE EXISTS (SELECT 1 FROM posts w
                                    WHERE NOT w.search_words_exact AND w.search_folded LIKE :pattern${index})`);
    }
    if (term.forms.length > 0) {
      replacements[`forms${index}`] = term.forms;
      // The forms as one array computed at run time, not a list of constants: the planner estimated
      // each constant's share of the vocabulary, most of the statement's planning (0.5–0.8 → 0.2–0.3
      // ms for „pracy zdalnej”'s 79 forms); the word index is read the same way.
      selects.push(
        `SELECT DISTINCT ${index} AS term, word, 'form' AS kind FROM search_words
          WHERE word = ANY(CAST((SELECT ARRAY[:forms${index}]::text[]) AS text[]))`,
      );
    }
    return { containing };
  });
  const rows =
    selects.length === 0
      ? []
      : await db.sequelize.query<{ term: number; word: string; kind: 'containing' | 'form' | 'inexact' }>(
          selects.join(' UNION ALL '),
          { type: QueryTypes.SELECT, replacements, transaction: db.transaction },
        );
  return terms.map((term, index) => {
    const of = (kind: string) => rows.filter((row) => row.term === index && row.kind === kind);
    const words = of('containing').map((row) => row.word);
    const known = new Set(of('form').map((row) => row.word));
    return {
      containing: asked[index]!.containing && words.length <= MAX_CONTAINING_WORDS ? words : null,
      forms: term.forms.filter((form) => known.has(form)),
      inexact: of('inexact').length > 0,
    };
  });
}

/** The search transaction's work_mem (see firstStageFound). */
const SEARCH_WORK_MEM = '16MB';

/**
 * Runs `run` for each stage until one returns a result (null: nothing found, try the next); the typo
 * stage first learns its similar words, every stage its terms' vocabulary (vocabularyOf).
 *
 * All in one transaction where the planner does not read the posts by a sequential scan. A search's
 * condition is the word index's (search_vector @@ …), and the planner does not charge a sequential
 * scan for reading each post's long vector out of line to test it: for a word in most posts it chose
 * that scan (200 ms at 10,000 posts) over the GIN index's bitmap (10 ms). The typo stage's similarity
 * threshold is set in the same statement. One transaction and one setting for every stage: a
 * request's round trips are its statements, not four more per stage. The settings are put back
 * afterwards when the transaction is the caller's, which may go on.
 */
export async function firstStageFound<T>(
  db: Db,
  stages: SearchStage[],
  run: (db: Db, stage: SearchStage, last: boolean) => Promise<T | null>,
): Promise<{ stage: SearchStage; found: T } | null> {
  if (stages.length === 0) return null;
  return inTransaction(db, async (tx) => {
    const options = { type: QueryTypes.SELECT, transaction: tx.transaction } as const;
    // The similarity is unknown (null) until pg_trgm is first loaded in the session.
    // work_mem: a stage's ids are hashed once per statement (post-search.ts) only while PostgreSQL
    // expects the hash to fit in it (twice work_mem): at the default 4 MB about 260,000 matching
    // posts, beyond which each post would be looked up in a list of them. 16 MB: a million.
    const [previous] = await tx.sequelize.query<{
      seqscan: string;
      similarity: string | null;
      workMem: string;
    }>(
      `SELECT current_setting('enable_seqscan') AS seqscan,
              current_setting('pg_trgm.word_similarity_threshold', true) AS similarity,
              current_setting('work_mem') AS "workMem",
              set_config('enable_seqscan', 'off', true),
              set_config('pg_trgm.word_similarity_threshold', :similarity, true),
              set_config('work_mem', :workMem, true)`,
      { ...options, replacements: { similarity: String(TYPO_SIMILARITY), workMem: SEARCH_WORK_MEM } },
    );
    // A term's vocabulary is the same in every stage: looked up once.
    const known = new Map<string, TermVocabulary>();
    const keyOf = (term: SearchTerm) => `${term.folded}\u0000${term.forms.join(' ')}`;
    const vocabularies = async (terms: SearchTerm[]) => {
      const missing = [...new Map(terms.map((term) => [keyOf(term), term])).values()].filter(
        (term) => !known.has(keyOf(term)),
      );
      if (missing.length > 0) {
        const found = await vocabularyOf(tx, missing);
        missing.forEach((term, index) => known.set(keyOf(term), found[index]!));
      }
      return terms.map((term) => known.get(keyOf(term))!);
    };
    // A stage whose words are all required finds nothing when one of them is in no post (inNoPost),
    // and the phrase finds a subset of what its words find: those stages are skipped, not asked (the
    // typo stage, with its similar words, may still find). The words' vocabulary is looked up with the
    // first stage's, in one statement.
    const words = stages.find((planned) => planned.name === 'words');
    await vocabularies([...stages[0]!.terms, ...(words?.terms ?? [])]);
    const findsNothing = async (planned: SearchStage) => {
      if (planned.name === 'typo') return false;
      const required = [planned.terms, ...(planned.name === 'phrase' && words ? [words.terms] : [])];
      for (const terms of required) if ((await vocabularies(terms)).some(inNoPost)) return true;
      return false;
    };
    let result: { stage: SearchStage; found: T } | null = null;
    for (const [index, planned] of stages.entries()) {
      const last = index === stages.length - 1;
      if (!last && (await findsNothing(planned))) continue;
      const similar =
        planned.name === 'typo'
          ? await withSimilarWords(planned, (words) => similarWords(tx, words))
          : planned;
      const stage = await withVocabulary(similar, vocabularies);
      const found = await run(tx, stage, last);
      if (found !== null) {
        result = { stage, found };
        break;
      }
    }
    if (db.transaction) {
      await tx.sequelize.query(
        `SELECT set_config('enable_seqscan', :seqscan, true),
                set_config('work_mem', :workMem, true),
                set_config('pg_trgm.word_similarity_threshold', coalesce(:similarity,
                  current_setting('pg_trgm.word_similarity_threshold')), true)`,
        { ...options, replacements: { ...previous! } },
      );
    }
    return result;
  });
}

/** A found post's row; with its plain text when the page's statement read it (for the fragment). */
export type SearchedRow = PostRow & { content_text?: string };

/**
 * Runs the stages of `query` (post-search.ts) until one finds posts, and gives each result row the
 * fragment of its text that matched. `run` returns null when its stage found nothing and is not the
 * last.
 */
export async function searchVisiblePosts<R extends SearchedRow>(
  db: Db,
  query: string,
  run: (db: Db, stage: SearchStage, last: boolean) => Promise<{ rows: R[]; total: number } | null>,
): Promise<{ rows: Fragmented<R>[]; total: number }> {
  const result = await firstStageFound(db, planPostSearch(query, await searchDictionary()), run);
  if (!result) return { rows: [], total: 0 };
  return { rows: await withFragments(db, result.found.rows, result.stage), total: result.found.total };
}

/** A found row with its fragment in place of its text. */
export type Fragmented<R extends SearchedRow> = Omit<R, 'content_text'> & Pick<PostRow, 'search_fragment'>;

async function withFragments<R extends SearchedRow>(
  db: Db,
  rows: R[],
  stage: SearchStage,
): Promise<Fragmented<R>[]> {
  if (rows.length === 0) return [];
  // The texts the rows do not carry already.
  const unread = rows.filter((row) => row.content_text === undefined).map((row) => row.id);
  const texts =
    unread.length === 0
      ? []
      : await db.sequelize.query<{ id: number; content_text: string }>(
          'SELECT id, content_text FROM posts WHERE id IN (:ids)',
          { type: QueryTypes.SELECT, replacements: { ids: unread }, transaction: db.transaction },
        );
  const byId = new Map(texts.map((text) => [text.id, text.content_text]));
  return rows.map(({ content_text: text, ...row }) => ({
    ...row,
    search_fragment: searchFragment(text ?? byId.get(row.id) ?? '', stage.terms),
  }));
}
