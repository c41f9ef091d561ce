import { describe, expect, it } from 'vitest';
import { firstCharacters, oneLine, personName, termName, usernameBase } from './names.ts';

const NFD_ANA = 'A\u0328na';

describe('names from elsewhere (an import, rows stored before the rules)', () => {
  it.each([
    ['tag', NFD_ANA, { ok: true, name: 'Ąna' }],
    ['tag', 'wyścig\u200B', { ok: true, name: 'wyścig' }],
    ['tag', 'Zima\r\n2024', { ok: true, name: 'Zima 2024' }],
    ['tag', 'Lato\u2028\u00852025', { ok: true, name: 'Lato 2025' }],
    ['tag', 'Tatry\u00A0\u3000Zachodnie', { ok: true, name: 'Tatry Zachodnie' }],
    ['tag', '.', { ok: false, problem: 'dots' }],
    ['tag', ' ..\n', { ok: false, problem: 'dots' }],
    ['tag', '\u200B\uFEFF', { ok: false, problem: 'empty' }],
    ['tag', '\n\t', { ok: false, problem: 'empty' }],
    ['category', '..', { ok: true, name: '..' }],
    ['category', 'Góry\ni\u00A0doliny', { ok: true, name: 'Góry i doliny' }],
    ['category', '\u2060', { ok: false, problem: 'empty' }],
  ] as const)('%s %j → %j', (kind, raw, expected) => {
    expect(termName(kind, raw)).toEqual(expected);
  });

  it('cuts a term to its column by characters, never inside one', () => {
    expect(termName('tag', `${'ż'.repeat(49)} 😀😀`)).toEqual({ ok: true, name: 'ż'.repeat(49) });
    expect(firstCharacters('😀😀😀', 2)).toBe('😀😀');
  });

  it('makes people’s names one line without invisible characters, or null when the form refuses them', () => {
    expect(personName('displayName', 'Zosia\nNowak\u202Eabc')).toBe('Zosia Nowakabc');
    expect(personName('commentAuthor', 'Jan\u000bKowalski\u200D')).toBe('Jan Kowalski');
    expect(personName('commentAuthor', 'X\u202E')).toBeNull();
    expect(personName('displayName', '\u200B')).toBeNull();
    expect(personName('displayName', null)).toBeNull();
  });

  it('starts a username as sign-in reads what is typed', () => {
    expect(usernameBase(`${NFD_ANA}\u200B K`)).toBe('Ąna-K');
    expect(usernameBase('\u200B')).toBe('');
    expect(oneLine('a\r\nb')).toBe('a b');
  });
});
