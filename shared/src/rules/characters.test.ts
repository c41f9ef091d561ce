import { describe, expect, it } from 'vitest';
import { characters } from './rule.ts';

describe('characters: a length in Polish, for messages built from their limit', () => {
  it.each([
    [1, '1 znak'],
    [2, '2 znaki'],
    [3, '3 znaki'],
    [4, '4 znaki'],
    [5, '5 znaków'],
    [12, '12 znaków'],
    [14, '14 znaków'],
    [22, '22 znaki'],
    [50, '50 znaków'],
    [104, '104 znaki'],
    [112, '112 znaków'],
    [5000, '5000 znaków'],
  ])('%i → %s', (count, text) => {
    expect(characters(count)).toBe(text);
  });
});
