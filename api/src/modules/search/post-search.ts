import { likePattern } from '../../http/list-query.ts';
import { foldText } from '@blog/shared/fold';
import type { PolishDictionary } from './polish-dictionary.ts';

/**
 * What a reader's query means, as SQL over the posts alias `p` (columns of migration 20261129150000).
 *
 * A query is tried in stages; the first that finds a post answers:
 * 1. `phrase`: the query as typed is a substring of the post (title, excerpt or text), with case and
 *    diacritics folded; a one-word query also finds the word's dictionary forms. This keeps every
 *    match of the plain substring search, and a reader who typed words as the post has them gets
 *    exactly those posts.
 * 2. `words`: each word on its own, in any order, all required (a quoted part stays one phrase);
 *    each word matches as a folded substring or as any dictionary form of it (praca ↔ pracy, pracą).
 * 3. `typo`: as `words`, and a word of five letters or more also matches a similar word (pg_trgm word
 *    similarity ≥ TYPO_SIMILARITY to a word of the posts' vocabulary, `search_words`): one typo still
 *    finds it when nothing matched exactly. Its similar words are looked up when the stage is reached
 *    (withSimilarWords), so the plan itself stays synchronous.
 * Every stage ranks a word found in the title above the excerpt above the text (summed over the
 * words); the caller orders equal scores newest first.
 */

export type SearchStageName = 'phrase' | 'words' | 'typo';

export interface SearchTerm {
  /** The term as typed (a word, or a phrase of several). */
  text: string;
  folded: string;
  /** Folded dictionary forms of a single word; [] for phrases and unknown words. */
  forms: string[];
  /** Whether the term may match a similar word (the typo stage). */
  typo: boolean;
  /** Folded words of the posts' vocabulary similar to it (filled in for the typo stage). */
  similar: string[];
  /**
   * Words of the posts' vocabulary that contain `folded` (filled in before the stage runs, see
   * withVocabulary): the word index then answers the substring; null: LIKE over the text does.
   */
  containing: string[] | null;
  /**
   * Whether a post the word index cannot answer (NOT search_words_exact) may hold the term by LIKE:
   * true until the vocabulary has looked (withVocabulary), false when it found none.
   */
  heldInexactly: boolean;
}

export interface SearchStage {
  name: SearchStageName;
  terms: SearchTerm[];
  /** AND-ed condition: every term matches somewhere in the post. */
  where: string;
  /** An integer: per term 3 in the title, 2 in the excerpt, 1 in the text. */
  score: string;
  /**
   * Some term is in the title or excerpt: exactly the posts whose score is above the number of terms
   * (the others score one per term). The list ranks these few in full and takes the rest newest first.
   */
  head: string;
  /** `where AND head`, written so that the indexes find those posts (the first level of a page). */
  headWhere: string;
  /**
   * `head` alone, written so that the indexes find those posts (search_head's and the partial one):
   * the first level among posts already known to match `where`.
   */
  headFound: string;
  /**
   * When the word index answers every term: a select of `id, score` for each post with some term in
   * the title or excerpt, from the id sets alone (no query of forms tested against each post): per term
   * 3 when the post is among those with it in the title (post_search_title's index and the partial
   * one), 2 among those with it in the title or excerpt (search_head's), else 1. Each set is read
   * once; a post may be hidden or miss another term (the caller joins the matches). Else null.
   */
  headScores: string | null;
  /**
   * `where` split in two disjoint sets, when the word index answers every term: `indexed`, the rows
   * `w` of post_search whose search_vector holds the words of the terms (the GIN bitmap alone, no
   * recheck), and `inexact`, the few posts `w` (of posts) it cannot answer (NOT search_words_exact,
   * without those words) that hold the terms all the same. `where` is `p.id IN (indexed ∪ inexact)`.
   * `query`: the name of `indexed`'s tsquery among the replacements; `inexactEmpty`: the vocabulary
   * found no such post holding any term, so `inexact` finds none (a post there misses some term's
   * words, so it must hold that term by LIKE).
   */
  split: { indexed: string; inexact: string; query: string; inexactEmpty: boolean } | null;
  replacements: Record<string, string>;
}

/** Similarity from which a word counts as the typed word with a typo (one letter off in 5–8). */
export const TYPO_SIMILARITY = 0.5;
const TYPO_MIN_LENGTH = 5;
const LEXEME = /^[a-z0-9]+$/;
/**
 * A folded term the word index can answer as a substring: letters only (a run of letters always lies
 * inside one word the parser indexes; digits next to a sign do not, „-1b” is „-1” and „b”), and long
 * enough to be in the vocabulary (search_words keeps words of four letters or more).
 */
const INDEXED_SUBSTRING = /^[a-z]{4,}$/;
/** More vocabulary words than this containing the term: LIKE over the text answers instead. */
export const MAX_CONTAINING_WORDS = 200;

/**
 * A post's title's folded words, as post_search.title_vector holds them (migration 20261130100000);
 * for the few posts the word index cannot answer, which are looked up on posts.
 */
export const TITLE_VECTOR_SQL = (alias: string) =>
  `to_tsvector('simple'::regconfig, blog_fold(${alias}.title))`;

/** The folded terms whose substring the word index may answer (see INDEXED_SUBSTRING). */
export const indexedSubstring = (folded: string) => INDEXED_SUBSTRING.test(folded);

/** A tsquery of these lexemes taken as they are (no parsing), any of them, with an optional weight. */
function anyLexeme(words: string[], weight = ''): string {
  return words
    .map((word) => `'${word.replace(/\\/g, '\\\\').replace(/'/g, "''")}'${weight && `:${weight}`}`)
    .join(' | ');
}

/** The query split into words, quoted parts kept together. */
export function splitQuery(query: string): { terms: string[]; quoted: boolean } {
  const terms: string[] = [];
  let quoted = false;
  for (const match of query.matchAll(/["„”“]([^"„”“]+)["„”“]?|(\S+)/g)) {
    const phrase = match[1]?.trim().replace(/\s+/g, ' ');
    if (phrase) {
      quoted = true;
      terms.push(phrase);
    } else if (match[2] && !/^["„”“]+$/.test(match[2])) terms.push(match[2]);
  }
  return { terms, quoted };
}

function term(text: string, dictionary: PolishDictionary | null): SearchTerm {
  const folded = foldText(text);
  const isWord = /^[\p{L}\p{N}-]+$/u.test(text);
  const forms =
    isWord && dictionary && folded.length >= 3
      ? dictionary.forms(text).filter((form) => LEXEME.test(form) && form !== folded)
      : [];
  return {
    text,
    folded,
    forms,
    typo: /^\p{L}+$/u.test(text) && folded.length >= TYPO_MIN_LENGTH,
    similar: [],
    containing: null,
    heldInexactly: true,
  };
}

function stage(name: SearchStageName, terms: SearchTerm[]): SearchStage {
  const replacements: Record<string, string> = {};
  const where: string[] = [];
  const score: string[] = [];
  const head: string[] = [];
  const headFound: string[] = [];
  // Per term, the rows (id, term, level) of its posts with it in the title (3) or excerpt (2).
  const headLevels: string[] = [];
  // The terms the word index answers, each a tsquery of its words and a test of a post it cannot
  // answer (NOT search_words_exact), for the one lookup of them all (see below).
  const indexed: { words: string; inexact: (alias: string) => string; key: string; like: string }[] = [];
  terms.forEach((item, index) => {
    const like = `s${index}p`;
    replacements[like] = likePattern(item.text);
    const inTitle = [`blog_fold(p.title) LIKE blog_fold(:${like})`];
    const inExcerpt = [`blog_fold(coalesce(p.excerpt, '')) LIKE blog_fold(:${like})`];
    const anywhere = [`p.search_folded LIKE blog_fold(:${like})`];
    // A word's dictionary forms and, in the typo stage, the similar words: alternatives matched by
    // the posts' word index (weight A: in the title, B: in the excerpt).
    const similar = name === 'typo' && item.typo ? item.similar : [];
    const alternatives = [...new Set([item.folded, ...item.forms, ...similar])].filter((form) =>
      LEXEME.test(form),
    );
    if (item.containing !== null) {
      // The word index answers (migration 20261129190000): a word of the vocabulary containing the
      // term, or one of its forms, in search_vector; in search_head for the title (A) and excerpt (B).
      // A post the parser does not split into words throughout is also compared with LIKE, as before.
      const words = [...new Set([...item.containing, ...alternatives])];
      const key = `s${index}w`;
      replacements[key] = anyLexeme(words);
      replacements[`${key}a`] = anyLexeme(words, 'A');
      replacements[`${key}b`] = anyLexeme(words, 'B');
      const orInexact = (like: string) => `OR (NOT p.search_words_exact AND ${like})`;
      // Two selects of ids, not one OR of the row's tests: each is answered by its index alone (the GIN
      // bitmap needs no recheck), where an OR made the planner test every row's vector again. Each is
      // its own IN (hashed once), not one IN of their UNION: a page in date order then walks the
      // date's index and stops at the page's end, where the UNION's ids were first made distinct and
      // joined with every post (the admin list's page of „telefonów” at 100,000 posts: 490 → 52 ms).
      where.push(`(p.id IN (SELECT w.id FROM post_search w WHERE w.search_vector @@ CAST(:${key} AS tsquery))
        OR p.id IN (SELECT w.id FROM posts w
         WHERE NOT w.search_words_exact AND w.search_folded LIKE blog_fold(:${like})))`);
      indexed.push({
        words: words.length > 1 ? `(${replacements[key]})` : replacements[key]!,
        inexact: (alias) =>
          `(${alias}.search_vector @@ CAST(:${key} AS tsquery) OR ${alias}.search_folded LIKE blog_fold(:${like}))`,
        key,
        like,
      });
      // In the title (excerpt): the post's own search_head (its title's and excerpt's words, short)
      // against the forms, weight A (B). Only the few posts with a term there are scored (see head).
      const inHead = (weight: string, like: string) =>
        `p.search_head @@ CAST(:${key}${weight} AS tsquery) ${orInexact(like)}`;
      score.push(
        `CASE WHEN ${inHead('a', inTitle[0]!)} THEN 3 WHEN ${inHead('b', inExcerpt[0]!)} THEN 2 ELSE 1 END`,
      );
      // search_head holds the title's (A) and excerpt's (B) words only: the query without a weight is
      // the title's condition or the excerpt's. Tested on a post's own row (few: the rest of a page)…
      head.push(`(${inHead('', `(${inTitle[0]!} OR ${inExcerpt[0]!})`)})`);
      // … or, to find them all, two selects of ids answered by search_head's index and the partial one
      // (the planner overestimates a long query of forms and would test every visible post's row).
      const headIdsOf = (columns: string) => `SELECT h.id${columns} FROM post_search h
          WHERE h.search_head @@ CAST(:${key} AS tsquery)
        UNION ALL SELECT h.id${columns} FROM posts h WHERE NOT h.search_words_exact
          AND (blog_fold(h.title) LIKE blog_fold(:${like}) OR blog_fold(coalesce(h.excerpt, '')) LIKE blog_fold(:${like}))`;
      const ids = headIdsOf('');
      // The title's words from post_search's title_vector (its index; search_words_exact read as well,
      // as on posts, where it kept the planner from testing every title of the (title, id) index); a
      // post the word index cannot answer, from posts, also by LIKE.
      const inTitleVector = `${TITLE_VECTOR_SQL('t')} @@ CAST(:${key} AS tsquery)`;
      headLevels.push(`${headIdsOf(`, ${index} AS term, 2 AS level`)}
        UNION ALL SELECT t.id, ${index}, 3 FROM post_search t
          WHERE t.title_vector @@ CAST(:${key} AS tsquery) AND t.search_words_exact IS NOT FALSE
        UNION ALL SELECT t.id, ${index}, 3 FROM posts t WHERE NOT t.search_words_exact
          AND (${inTitleVector} OR blog_fold(t.title) LIKE blog_fold(:${like}))`);
      headFound.push(`p.id IN (${ids})`);
      return;
    }
    if (alternatives.length > 1) {
      const key = `s${index}f`;
      replacements[key] = alternatives.join(' | ');
      replacements[`${key}a`] = alternatives.map((form) => `${form}:A`).join(' | ');
      replacements[`${key}b`] = alternatives.map((form) => `${form}:B`).join(' | ');
      anywhere.push(`p.search_vector @@ to_tsquery('simple', :${key})`);
      inTitle.push(`p.search_vector @@ to_tsquery('simple', :${key}a)`);
      inExcerpt.push(`p.search_vector @@ to_tsquery('simple', :${key}b)`);
    }
    where.push(`(${anywhere.join(' OR ')})`);
    score.push(`CASE WHEN ${inTitle.join(' OR ')} THEN 3 WHEN ${inExcerpt.join(' OR ')} THEN 2 ELSE 1 END`);
    head.push(`(${[...inTitle, ...inExcerpt].join(' OR ')})`);
    headFound.push(head.at(-1)!);
  });
  // Several terms answered by the word index: one lookup of the posts that hold them all, the terms'
  // tsqueries AND-ed (the GIN index intersects their posts itself, reading only the posts found),
  // and the few posts it cannot answer tested term by term; the other terms as they are. The same
  // posts as every term's own lookup AND-ed (for an exactly indexed post a term is in it exactly
  // when its words are), without reading every post of each common word to intersect them.
  let stageWhere = where.join(' AND ');
  if (indexed.length > 1) {
    replacements.allw = indexed.map((item) => item.words).join(' & ');
    stageWhere = [
      `(p.id IN (SELECT w.id FROM post_search w WHERE w.search_vector @@ CAST(:allw AS tsquery))
        OR p.id IN (SELECT w.id FROM posts w
         WHERE NOT w.search_words_exact AND ${indexed.map((item) => item.inexact('w')).join(' AND ')}))`,
      ...terms.flatMap((item, index) => (item.containing === null ? [where[index]!] : [])),
    ].join(' AND ');
  }
  const splitWhere = () => {
    if (indexed.length === 0 || indexed.length < terms.length) return null;
    const query = indexed.length > 1 ? 'allw' : indexed[0]!.key;
    const vector = `w.search_vector @@ CAST(:${query} AS tsquery)`;
    const inexact =
      indexed.length > 1
        ? indexed.map((item) => item.inexact('w')).join(' AND ')
        : `w.search_folded LIKE blog_fold(:${indexed[0]!.like})`;
    return {
      indexed: vector,
      inexact: `NOT w.search_words_exact AND NOT (${vector}) AND ${inexact}`,
      query,
      inexactEmpty: terms.every((item) => !item.heldInexactly),
    };
  };
  // A term in the title or excerpt is in the post (head implies where, term by term), so the posts
  // with a term there are those with every other term in the post or in the title or excerpt too.
  const headWhere =
    terms.length === 1
      ? headFound[0]!
      : indexed.length > 1
        ? // As above: every term in the post from the one lookup (a term in the title or excerpt is in
          // the post), the posts with one of them there from search_head's index.
          `(${headFound.join(' OR ')}) AND ${stageWhere}`
        : [headFound.join(' OR '), ...head.map((item, index) => `${item} OR ${where[index]!}`)]
            .map((item) => `(${item})`)
            .join(' AND ');
  return {
    name,
    terms,
    where: stageWhere,
    score: score.join(' + '),
    head: head.join(' OR '),
    headWhere,
    headFound: `(${headFound.join(' OR ')})`,
    headScores:
      headLevels.length === terms.length
        ? // Each term's level: its highest (3 in the title, 2 in the excerpt), 1 when it has none there.
          // A post is in the first level through a title-or-excerpt set (HAVING), as it always was.
          `SELECT h.id, ${terms.map((_, index) => `coalesce(max(h.level) FILTER (WHERE h.term = ${index}), 1)`).join(' + ')} AS score
             FROM (${headLevels.join('\n        UNION ALL ')}) h
            GROUP BY h.id HAVING bool_or(h.level = 2)`
        : null,
    split: splitWhere(),
    replacements,
  };
}

/** The stages to try for `query`, in order (see above); [] for an empty query. */
export function planPostSearch(query: string, dictionary: PolishDictionary | null): SearchStage[] {
  const trimmed = query.trim();
  if (!trimmed) return [];
  const { terms: texts, quoted } = splitQuery(trimmed);
  if (texts.length === 0) return [];
  // One-letter words (w, z, i, a) say little on their own; the phrase stage still has them.
  const meaningful = texts.length > 1 ? texts.filter((text) => text.length > 1 || /\d/.test(text)) : texts;
  const words = (meaningful.length > 0 ? meaningful : texts).map((text) => term(text, dictionary));
  const stages: SearchStage[] = [];
  if (!quoted) stages.push(stage('phrase', texts.length === 1 ? words : [term(trimmed, null)]));
  if (quoted || texts.length > 1) stages.push(stage('words', words));
  if (words.some((item) => item.typo)) stages.push(stage('typo', words));
  return stages;
}

/** A term's words in the posts' vocabulary (post-search.service.ts, vocabularyOf). */
export interface TermVocabulary {
  /** The words containing the term; null when the word index cannot answer it (see SearchTerm). */
  containing: string[] | null;
  /** Its dictionary forms that some post holds (those in no post left out). */
  forms: string[];
  /** Some post the word index cannot answer (NOT search_words_exact) holds the term by LIKE. */
  inexact: boolean;
}

/**
 * No post holds the term: the word index answers it, no word of the vocabulary contains it, none of
 * its forms is in the vocabulary, and no post the index cannot answer holds it. A stage of words all
 * required then finds nothing, without being asked.
 */
export const inNoPost = (vocabulary: TermVocabulary) =>
  vocabulary.containing !== null &&
  vocabulary.containing.length === 0 &&
  vocabulary.forms.length === 0 &&
  !vocabulary.inexact;

/** The stage again, each term given its vocabulary (`vocabularyOf`: the terms' in their order). */
export async function withVocabulary(
  planned: SearchStage,
  vocabularyOf: (terms: SearchTerm[]) => Promise<TermVocabulary[]>,
): Promise<SearchStage> {
  const vocabularies = await vocabularyOf(planned.terms);
  return stage(
    planned.name,
    planned.terms.map((item, index) => {
      const { containing, forms, inexact } = vocabularies[index]!;
      return { ...item, containing, forms, heldInexactly: inexact };
    }),
  );
}

/**
 * The typo stage again, its typo-prone words given their similar words (`similarTo`: for each folded
 * word given, its similar words).
 */
export async function withSimilarWords(
  typo: SearchStage,
  similarTo: (folded: string[]) => Promise<string[][]>,
): Promise<SearchStage> {
  const prone = typo.terms.filter((item) => item.typo);
  const similar = await similarTo(prone.map((item) => item.folded));
  return stage(
    'typo',
    typo.terms.map((item) => (item.typo ? { ...item, similar: similar[prone.indexOf(item)]! } : item)),
  );
}
