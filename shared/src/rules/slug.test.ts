import { describe, expect, it } from 'vitest';
import { SLUG_PATTERN } from './patterns.ts';
import { normaliseTypedSlug, slugFromTitle } from './slug.ts';

describe('normaliseTypedSlug', () => {
  it.each([
    ['Moj-Post', 'moj-post'],
    ['a b', 'a-b'],
    ['snake_case', 'snake_case'],
    ['ąę!', '---'],
    ['abc-123', 'abc-123'],
  ])('%j → %j', (typed, expected) => {
    expect(normaliseTypedSlug(typed)).toBe(expected);
  });
});

describe('slugFromTitle', () => {
  it.each([
    ['  Hello World  ', 'hello-world'],
    ['Ala ma kota!', 'ala-ma-kota'],
    ['Zażółć gęślą jaźń', 'zazolc-gesla-jazn'],
    ['Łódź — wczoraj i dziś', 'lodz-wczoraj-i-dzis'],
    ['--Już__2025 rok--', 'juz-2025-rok'],
    ['a   -  _ b', 'a-b'],
    ['!!!', ''],
  ])('%j → %j', (title, expected) => {
    expect(slugFromTitle(title)).toBe(expected);
  });

  it('always gives a slug the post form accepts (or nothing)', () => {
    for (const title of ['Czym jest AI?', 'Ćma & Ślimak', '  100% pewności ', 'Über naïve café', 'x_y-z']) {
      const slug = slugFromTitle(title);
      expect(slug === '' || new RegExp(SLUG_PATTERN).test(slug), `${title} → ${slug}`).toBe(true);
    }
  });
});
