import { likePattern } from '../../http/list-query.ts';
import { foldText } from './fold.ts';
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
 *    similarity ≥ TYPO_SIMILARITY): one typo still finds it when nothing matched exactly.
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
}

export interface SearchStage {
  name: SearchStageName;
  terms: SearchTerm[];
  /** AND-ed condition: every term matches somewhere in the post. */
  where: string;
  /** An integer: per term 3 in the title, 2 in the excerpt, 1 in the text. */
  score: string;
  replacements: Record<string, string>;
}

/** Similarity from which a word counts as the typed word with a typo (one letter off in 5–8). */
export const TYPO_SIMILARITY = 0.5;
const TYPO_MIN_LENGTH = 5;
const LEXEME = /^[a-z0-9]+$/;

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
  return { text, folded, forms, typo: /^\p{L}+$/u.test(text) && folded.length >= TYPO_MIN_LENGTH };
}

function stage(name: SearchStageName, terms: SearchTerm[]): SearchStage {
  const replacements: Record<string, string> = {};
  const where: string[] = [];
  const score: string[] = [];
  terms.forEach((item, index) => {
    const like = `s${index}p`;
    replacements[like] = likePattern(item.text);
    const inTitle = [`blog_fold(p.title) LIKE blog_fold(:${like})`];
    const inExcerpt = [`blog_fold(coalesce(p.excerpt, '')) LIKE blog_fold(:${like})`];
    const anywhere = [`p.search_folded LIKE blog_fold(:${like})`];
    if (item.forms.length > 0) {
      const forms = [item.folded, ...item.forms].filter((form) => LEXEME.test(form));
      const key = `s${index}f`;
      replacements[key] = forms.join(' | ');
      replacements[`${key}a`] = forms.map((form) => `${form}:A`).join(' | ');
      replacements[`${key}b`] = forms.map((form) => `${form}:B`).join(' | ');
      anywhere.push(`p.search_vector @@ to_tsquery('simple', :${key})`);
      inTitle.push(`p.search_vector @@ to_tsquery('simple', :${key}a)`);
      inExcerpt.push(`p.search_vector @@ to_tsquery('simple', :${key}b)`);
    }
    if (name === 'typo' && item.typo) {
      const key = `s${index}t`;
      replacements[key] = item.folded;
      anywhere.push(`:${key} <% p.search_folded`);
      inTitle.push(`:${key} <% blog_fold(p.title)`);
      inExcerpt.push(`:${key} <% blog_fold(coalesce(p.excerpt, ''))`);
    }
    where.push(`(${anywhere.join(' OR ')})`);
    score.push(`CASE WHEN ${inTitle.join(' OR ')} THEN 3 WHEN ${inExcerpt.join(' OR ')} THEN 2 ELSE 1 END`);
  });
  return { name, terms, where: where.join(' AND '), score: score.join(' + '), replacements };
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
