import { foldText } from '@blog/shared/fold';
import type { SearchTerm } from './post-search.ts';

/** A piece of a search result's fragment: plain text, marked where it matched the query. */
export interface FragmentPart {
  text: string;
  mark: boolean;
}

const WORD = /[\p{L}\p{N}]+/gu;
const CONTEXT_BEFORE = 60;
const FRAGMENT_LENGTH = 220;

/** Folds letter by letter, so that an index into the folded text is the same index into `text`. */
function foldInPlace(text: string): string {
  let folded = '';
  for (const letter of text) {
    const one = foldText(letter);
    folded += one.length === letter.length ? one : letter;
  }
  return folded;
}

/** Ranges [start, end) of `text` that the terms matched, whole words, sorted and merged. */
export function matchedRanges(text: string, terms: SearchTerm[]): [number, number][] {
  const folded = foldInPlace(text);
  const words = [...text.matchAll(WORD)].map(
    (match) => [match.index, match.index + match[0].length] as const,
  );
  const wordAround = (start: number, end: number): [number, number] => {
    const first = words.find(([, wordEnd]) => wordEnd > start);
    const last = [...words].reverse().find(([wordStart]) => wordStart < end);
    return [Math.min(start, first?.[0] ?? start), Math.max(end, last?.[1] ?? end)];
  };
  const ranges: [number, number][] = [];
  for (const item of terms) {
    if (item.folded) {
      for (let at = folded.indexOf(item.folded); at >= 0; at = folded.indexOf(item.folded, at + 1)) {
        ranges.push(wordAround(at, at + item.folded.length));
      }
    }
    // A word's dictionary forms and, from the typo stage, the similar words it found.
    const forms = new Set([...item.forms, ...item.similar]);
    if (forms.size > 0) {
      for (const [start, end] of words) if (forms.has(folded.slice(start, end))) ranges.push([start, end]);
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
 * The part of the post's plain text around its first match, split into marked and unmarked parts;
 * null when the text itself does not match (the title or excerpt did). The parts are plain text:
 * whoever shows them escapes them (React does) and wraps the marked ones in <mark>.
 */
export function searchFragment(text: string, terms: SearchTerm[]): FragmentPart[] | null {
  const ranges = matchedRanges(text, terms);
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
  return parts;
}
