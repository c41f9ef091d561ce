import { describe, expect, it } from 'vitest';
import { commentPostTitle, cutTitle, cutTitleAtWord } from './cut-title.ts';

describe('cutTitle', () => {
  it('keeps a title that fits', () => {
    expect(cutTitle('Krótki tytuł', 20)).toBe('Krótki tytuł');
    expect(cutTitle('12345678901234567890', 20)).toBe('12345678901234567890');
  });

  it('cuts at the limit, with the ellipsis only when it really cut', () => {
    expect(cutTitle('Jak technologia kradnie nam uwagę', 20)).toBe('Jak technologia krad');
    expect(cutTitle('Jak technologia kradnie nam uwagę', 25, '...')).toBe('Jak technologia kradnie n...');
    expect(cutTitle('Krótki', 25, '...')).toBe('Krótki');
  });

  it('never splits a character made of two code units', () => {
    expect(cutTitle('😀😀😀', 2)).toBe('😀😀');
  });

  it("says 'Nieznany post' when the comment's post is missing", () => {
    expect(commentPostTitle(null, 20)).toBe('Nieznany post');
    expect(commentPostTitle({ title: '' }, 20)).toBe('Nieznany post');
    expect(commentPostTitle({ title: 'Żółta łódź podwodna na Wiśle' }, 20)).toBe('Żółta łódź podwodna…');
  });
});

describe('cutTitleAtWord', () => {
  it('keeps a title that fits, whole', () => {
    expect(cutTitleAtWord('Krótki tytuł', 20)).toBe('Krótki tytuł');
    expect(cutTitleAtWord('12345678901234567890', 20)).toBe('12345678901234567890');
  });

  it('ends after the last whole word that fits, with an ellipsis, never over the limit', () => {
    expect(cutTitleAtWord('Jak technologia kradnie nam uwagę', 20)).toBe('Jak technologia…');
    expect(cutTitleAtWord('Dlaczego telefon wygrywa z twoją uwagą', 20)).toBe('Dlaczego telefon…');
    expect(cutTitleAtWord('Raport, analiza, wnioski i plany', 20)).toBe('Raport, analiza…');
    for (const title of [
      'Jak technologia kradnie nam uwagę',
      'Ala ma kota i psa i rybki',
      'a b c d e f g h i j k l m',
    ])
      expect(Array.from(cutTitleAtWord(title, 20)).length).toBeLessThanOrEqual(20);
  });

  it('keeps a word that ends right before the room for the ellipsis', () => {
    expect(cutTitleAtWord('Ala ma kota i psa xx yy', 20)).toBe('Ala ma kota i psa…');
    expect(cutTitleAtWord('Dziewiętnaście znak w dalej', 20)).toBe('Dziewiętnaście znak…');
  });

  it('cuts a single overlong word inside it, and never splits an emoji', () => {
    expect(cutTitleAtWord('Konstantynopolitańczykowianeczka', 20)).toBe('Konstantynopolitańc…');
    expect(cutTitleAtWord('😀😀😀😀😀', 3)).toBe('😀😀…');
  });
});
