import { describe, expect, it } from 'vitest';
import { archivePageParams, categoryIdOf, tagNameOf } from './pages.ts';
import { categoryPath, tagPath } from '../addresses.ts';

describe('addresses of the readers’ archives', () => {
  it('a category page is its id and its name as a slug; the id alone decides', () => {
    expect(categoryPath({ id: 7, name: 'Uważność i Życie' })).toBe('/kategoria/7-uwaznosc-i-zycie');
    expect(categoryPath({ id: 7, name: '!!!' })).toBe('/kategoria/7');
    expect(categoryIdOf('7-uwaznosc-i-zycie')).toBe(7);
    expect(categoryIdOf('7-stara-nazwa')).toBe(7);
    expect(categoryIdOf('7')).toBe(7);
    for (const slug of ['', 'abc', '0-x', '7x', '-7', '2147483648-x', '99999999999-x'])
      expect(categoryIdOf(slug), slug).toBeNull();
  });

  it('a tag page is the tag’s own name, one encoded segment; names no tag can have name nothing', () => {
    expect(tagPath('AI / ML')).toBe('/tag/AI%20%2F%20ML');
    expect(tagNameOf(' skupienie ')).toBe('skupienie');
    for (const name of ['', '   ', 'x'.repeat(51), 'a\u0000b']) expect(tagNameOf(name)).toBeNull();
  });

  it('an archive page reads its page alone; anything but a whole number ≥ 1 is page 1', () => {
    const params = new URLSearchParams('page=3&q=x');
    expect(archivePageParams((name) => params.get(name))).toEqual({ page: 3 });
    expect(archivePageParams(() => '-2')).toEqual({ page: 1 });
  });
});
