import { describe, expect, it } from 'vitest';
import { commentPostTitle, cutTitle } from './cut-title.ts';

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
    expect(commentPostTitle({ title: 'Żółta łódź podwodna na Wiśle' }, 20)).toBe('Żółta łódź podwodna ');
  });
});
