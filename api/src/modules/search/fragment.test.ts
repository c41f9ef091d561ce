import { describe, expect, it } from 'vitest';
import { fragmentOfWholeText, searchFragment } from './fragment.ts';
import type { SearchTerm } from './post-search.ts';

const term = (text: string, forms: string[] = [], similar: string[] = []): SearchTerm => ({
  text,
  folded: text,
  forms,
  typo: false,
  similar,
  containing: null,
  heldInexactly: true,
});

/** A deterministic generator (the same texts on every run). */
function random(seed: number) {
  let state = seed;
  return () => {
    state = (state * 1_103_515_245 + 12_345) % 2 ** 31;
    return state / 2 ** 31;
  };
}

const WORDS = [
  'praca',
  'pracy',
  'zdalnej',
  'zdalna',
  'dom',
  'Łódź',
  'telefonów',
  'a',
  'biuro',
  'żółw',
  'x'.repeat(40),
];
const TERMS: SearchTerm[][] = [
  [term('praca', ['pracy', 'prac'])],
  [term('pracy zdalnej')],
  [term('zdalnej', ['zdalna']), term('lodz')],
  [term('telefon', ['telefonow'], ['telefonowy'])],
  [term('zolw')],
];

describe('searchFragment', () => {
  it('answers, for long texts, what the whole text gives, wherever the first match lies', () => {
    const next = random(7);
    let early = 0;
    for (let sample = 0; sample < 400; sample += 1) {
      // Mostly filler with the words sprinkled at a chosen density: first matches early, late and absent.
      const density = [0.3, 0.02, 0.002, 0][sample % 4]!;
      const words: string[] = [];
      const length = 300 + Math.floor(next() * 1_500);
      for (let index = 0; index < length; index += 1) {
        words.push(next() < density ? WORDS[Math.floor(next() * WORDS.length)]! : `słowo${index % 97}`);
      }
      const text = words.join(next() < 0.5 ? ' ' : ', ');
      const terms = TERMS[sample % TERMS.length]!;
      const whole = fragmentOfWholeText(text, terms);
      expect(searchFragment(text, terms), `sample ${sample}`).toEqual(whole);
      if (whole && text.indexOf(whole[1]?.text ?? '\u0000') < 1_000) early += 1;
    }
    // Both ways were taken: matches within the prefix and beyond it.
    expect(early).toBeGreaterThan(20);
  });

  it('marks a match that the prefix’s cut splits when it lies in the first match’s window', () => {
    const filler = (from: number, count: number) =>
      Array.from({ length: count }, (_, index) => `w${from + index}`).join(' ');
    const terms = [term('pracy zdalnej')];
    // A first match, then within its window a second that the cut (the last space before the
    // 1,500th character) splits: the prefix alone holds only the first.
    let head = filler(0, 10);
    while (head.length < 1_380) head += ` w${head.length}`;
    const first = `${head} pracy zdalnej`;
    let middle = '';
    while (first.length + middle.length < 1_490) middle += ' ww';
    const text = `${first}${middle} pracy zdalnej ${filler(100, 600)}`;
    expect(text.lastIndexOf(' ', 1_500)).toBe(text.indexOf('zdalnej', first.length) - 1);
    const parts = searchFragment(text, terms)!;
    expect(parts).toEqual(fragmentOfWholeText(text, terms));
    expect(parts.filter((part) => part.mark).map((part) => part.text)).toEqual([
      'pracy zdalnej',
      'pracy zdalnej',
    ]);
  });
});
