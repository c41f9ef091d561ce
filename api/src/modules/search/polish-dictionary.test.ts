import { describe, expect, it } from 'vitest';
import { loadPolishDictionary } from './polish-dictionary.ts';

describe('the Polish dictionary', () => {
  it('gives a word’s forms, the same when asked again, whatever a caller did with the first answer', async () => {
    const dictionary = await loadPolishDictionary();
    const first = dictionary.forms('praca');
    expect(first).toEqual(expect.arrayContaining(['praca', 'pracy', 'prace', 'praca', 'pracach']));
    first.length = 0;
    expect(dictionary.forms('praca')).toEqual(expect.arrayContaining(['pracy', 'pracami']));
    expect(dictionary.forms('Pracą')).toContain('pracy');
    expect(dictionary.forms('qwzx')).toEqual([]);
  });
});
