import { foldText } from '@blog/shared/fold';
import type { SearchTerm } from './post-search.ts';

/** A piece of a search result's fragment: plain text, marked where it matched the query. */
export interface FragmentPart {
  text: string;
  mark: boolean;
}

const CONTEXT_BEFORE = 60;
const FRAGMENT_LENGTH = 220;

/**
 * Per letter of the text (a code point, as `for … of` reads it): its fold (foldText, kept only where
 * it is as long as the letter, so that an index into the folded text is the same index into the
 * text) and whether it belongs to a word (a letter or digit). Computed once per letter and process and looked up
 * by code unit: a text has few distinct letters, and folding or matching a regular expression letter
 * by letter took about 10 ms for a page's six texts.
 */
const LETTERS = new Map<string, Letter>();
/** The letters of one code unit, by their code (filled as they are first seen). */
const BMP_LETTERS: (Letter | undefined)[] = [];
const ONE_WORD_LETTER = /^[\p{L}\p{N}]$/u;

interface Letter {
  folded: string;
  word: boolean;
}

function letterOf(letter: string): Letter {
  let known = LETTERS.get(letter);
  if (!known) {
    const one = foldText(letter);
    known = { folded: one.length === letter.length ? one : letter, word: ONE_WORD_LETTER.test(letter) };
    LETTERS.set(letter, known);
  }
  return known;
}

/**
 * The text folded letter by letter (an index into it is the same index into `text`) and its words
 * (runs of letters and digits) as ranges [start, end).
 */
function foldedWords(text: string): { folded: string; words: (readonly [number, number])[] } {
  const pieces: string[] = [];
  const words: (readonly [number, number])[] = [];
  let wordStart = -1;
  for (let at = 0; at < text.length;) {
    const code = text.charCodeAt(at);
    const next = code >= 0xd800 && code <= 0xdbff && at + 1 < text.length ? text.charCodeAt(at + 1) : 0;
    // A surrogate pair is one letter of two code units, as `for … of` reads it.
    const size = next >= 0xdc00 && next <= 0xdfff ? 2 : 1;
    const letter =
      size === 2 ? letterOf(text.slice(at, at + 2)) : (BMP_LETTERS[code] ??= letterOf(text[at]!));
    pieces.push(letter.folded);
    if (letter.word && wordStart < 0) wordStart = at;
    else if (!letter.word && wordStart >= 0) {
      words.push([wordStart, at]);
      wordStart = -1;
    }
    at += size;
  }
  if (wordStart >= 0) words.push([wordStart, text.length]);
  return { folded: pieces.join(''), words };
}

/** Ranges [start, end) of `text` that the terms matched, whole words, sorted and merged. */
export function matchedRanges(text: string, terms: SearchTerm[]): [number, number][] {
  const { folded, words } = foldedWords(text);
  // The words are in order and do not overlap: the first that ends after `start` and the last that
  // begins before `end` are found by bisection (a common word matches hundreds of times in a text).
  const firstIndex = (test: (word: readonly [number, number]) => boolean) => {
    let low = 0;
    let high = words.length;
    while (low < high) {
      const middle = (low + high) >> 1;
      if (test(words[middle]!)) high = middle;
      else low = middle + 1;
    }
    return low;
  };
  const wordAround = (start: number, end: number): [number, number] => {
    const first = words[firstIndex(([, wordEnd]) => wordEnd > start)];
    const last = words[firstIndex(([wordStart]) => wordStart >= end) - 1];
    return [Math.min(start, first?.[0] ?? start), Math.max(end, last?.[1] ?? end)];
  };
  const ranges: [number, number][] = [];
  for (const item of terms) {
    if (item.folded) {
      for (let at = folded.indexOf(item.folded); at >= 0; at = folded.indexOf(item.folded, at + 1)) {
        ranges.push(wordAround(at, at + item.folded.length));
      }
    }
    // A word's dictionary forms and, from the typo stage, the similar words it found: where one is a
    // whole word of the text (found by indexOf and checked against the words, not by slicing and
    // looking up every word of the text for every term).
    for (const form of new Set([...item.forms, ...item.similar])) {
      if (!form) continue;
      for (let at = folded.indexOf(form); at >= 0; at = folded.indexOf(form, at + 1)) {
        const word = words[firstIndex(([, wordEnd]) => wordEnd > at)];
        if (word && word[0] === at && word[1] === at + form.length) ranges.push([at, word[1]]);
      }
    }
  }
  ranges.sort((a, b) => a[0] - b[0] || a[1] - b[1]);
  const merged: [number, number][] = [];
  for (const range of ranges) {
    const last = merged.at(-1);
    if (last && range[0] <= last[1]) last[1] = Math.max(last[1], range[1]);
    else merged.push([...range]);
  }
  return merged;
}

/**
 * The fragment's window of `text` around the first of `ranges` (the text's matched ranges, or those of
 * a prefix of it), split into marked and unmarked parts; null when there is no range. `end` is where
 * the window ends in `text`.
 */
function fragmentAround(
  text: string,
  ranges: [number, number][],
): { parts: FragmentPart[]; end: number } | null {
  if (ranges.length === 0) return null;
  let start = Math.max(0, ranges[0]![0] - CONTEXT_BEFORE);
  if (start > 0) {
    const space = text.indexOf(' ', start);
    if (space >= 0 && space < ranges[0]![0]) start = space + 1;
  }
  let end = Math.min(text.length, start + FRAGMENT_LENGTH);
  if (end < text.length) {
    const space = text.lastIndexOf(' ', end);
    if (space > ranges[0]![1]) end = space;
  }
  const parts: FragmentPart[] = [];
  const push = (from: number, to: number, mark: boolean) => {
    if (to > from) parts.push({ text: text.slice(from, to), mark });
  };
  if (start > 0) parts.push({ text: '… ', mark: false });
  let at = start;
  for (const [rangeStart, rangeEnd] of ranges) {
    if (rangeEnd <= start || rangeStart >= end) continue;
    push(at, Math.max(at, rangeStart), false);
    push(Math.max(at, rangeStart), Math.min(end, rangeEnd), true);
    at = Math.min(end, rangeEnd);
  }
  push(at, end, false);
  if (end < text.length) parts.push({ text: ' …', mark: false });
  return { parts, end };
}

/** Texts longer than this are first searched in their first PREFIX_LENGTH characters (see below). */
const PREFIX_LENGTH = 1_500;

/**
 * The part of the post's plain text around its first match, split into marked and unmarked parts;
 * null when the text itself does not match (the title or excerpt did). The parts are plain text:
 * whoever shows them escapes them (React does) and wraps the marked ones in <mark>.
 *
 * A long text is first searched in a prefix cut at a space (a word never crosses the cut). The
 * prefix's fragment is the text's whenever its window ends at least the longest term before the cut:
 * no match that the cut split can start before that point, so the prefix holds the same first match
 * and every match inside the window. Most texts match early, and folding a whole text of 7,000
 * characters for each of a page's six posts was about a fifth of a common word's request in Node.
 */
export function searchFragment(text: string, terms: SearchTerm[]): FragmentPart[] | null {
  if (text.length > 2 * PREFIX_LENGTH) {
    const cut = text.lastIndexOf(' ', PREFIX_LENGTH);
    const longest = Math.max(
      0,
      ...terms.flatMap((item) => [item.folded, ...item.forms, ...item.similar].map((form) => form.length)),
    );
    if (cut > 0) {
      const early = fragmentAround(text, matchedRanges(text.slice(0, cut), terms));
      if (early && early.end <= cut - longest) return early.parts;
    }
  }
  return fragmentAround(text, matchedRanges(text, terms))?.parts ?? null;
}

/** The fragment from the whole text (what searchFragment answers, by its longer way): for tests. */
export function fragmentOfWholeText(text: string, terms: SearchTerm[]): FragmentPart[] | null {
  return fragmentAround(text, matchedRanges(text, terms))?.parts ?? null;
}
