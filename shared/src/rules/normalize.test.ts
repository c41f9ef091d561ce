import { describe, expect, it } from 'vitest';
import { registerForm } from './accounts.ts';
import { categoryForm } from './categories.ts';
import { checkForm } from './check.ts';
import { normalizeAs, normalizeIdentifier, normalizeName, normalizeText } from './normalize.ts';
import { postForm } from './posts.ts';
import { smtpSettingsForm } from './settings.ts';

const NFD_A_OGONEK = 'A\u0328'; // 'A' + combining ogonek: 'Ą' in NFD

describe('normalizeText', () => {
  it.each([
    [`${NFD_A_OGONEK}na`, 'Ąna'],
    ['wys\u0301cig', 'wyścig'],
    ['Zaz\u0307o\u0301ł\u0107', 'Zażółć'],
    ['Zażółć', 'Zażółć'],
  ])('%j → %j (NFC)', (input, expected) => {
    expect(normalizeText(input)).toBe(expected);
  });

  it('keeps spaces, zero-width characters and the ends as they are', () => {
    expect(normalizeText(' a\u00A0b\u200B ')).toBe(' a\u00A0b\u200B ');
  });
});

describe('normalizeName', () => {
  it.each([
    ['Ala\u00A0Kot', 'Ala Kot'],
    ['Ala\u2009\u202F Kot', 'Ala Kot'],
    ['\u3000Ala  Kot\u00A0', 'Ala Kot'],
    [`${NFD_A_OGONEK}na`, 'Ąna'],
  ])('%j → %j', (input, expected) => {
    expect(normalizeName(input)).toBe(expected);
  });

  it('leaves zero-width characters for the field rule to refuse', () => {
    expect(normalizeName('ad\u200Bmin')).toBe('ad\u200Bmin');
  });
});

describe('normalizeIdentifier', () => {
  it.each([
    ['Kategoria Wyścig', 'Kategoria Wyścig'],
    ['Kategoria Wys\u0301cig', 'Kategoria Wyścig'],
    ['Kategoria\u00A0Wyścig', 'Kategoria Wyścig'],
    ['Kategoria Wyścig\u200B', 'Kategoria Wyścig'],
    ['\uFEFFKategoria\u200C \u200DWyścig\u2060', 'Kategoria Wyścig'],
    ['a@example.com\u200B', 'a@example.com'],
    ['\u200B', ''],
  ])('%j → %j', (input, expected) => {
    expect(normalizeIdentifier(input)).toBe(expected);
  });

  it('gives every look-alike spelling one value', () => {
    const spellings = ['wyścig', 'wys\u0301cig', 'wyścig\u200B', ' wyścig\u00A0'];
    expect(new Set(spellings.map(normalizeIdentifier))).toEqual(new Set(['wyścig']));
  });
});

describe('normalizeAs', () => {
  it('verbatim keeps the text byte for byte', () => {
    expect(normalizeAs('verbatim', 'wys\u0301cig\u00A0')).toBe('wys\u0301cig\u00A0');
  });
});

describe('the forms normalize before their rules (both sides run checkForm)', () => {
  it('NFC-normalizes a password without trimming it', () => {
    const password = ' Zaz\u0307o\u0301ł\u01071! ';
    const { values } = checkForm(registerForm, { password }, 'api');
    expect(values.password).toBe(' Zażółć1! ');
  });

  it('folds a category name and post tags and slug as identifiers', () => {
    expect(checkForm(categoryForm, { name: 'Kategoria\u00A0Wys\u0301cig\u200B' }).values.name).toBe(
      'Kategoria Wyścig',
    );
    const { values } = checkForm(postForm, { tags: ['wys\u0301cig', 'wyścig\u200B'], slug: 'wyscig\u200B' });
    expect(values.tags).toEqual(['wyścig', 'wyścig']);
    expect(values.slug).toBe('wyscig');
  });

  it('refuses a tag that is nothing but zero-width characters', () => {
    expect(checkForm(postForm, { tags: ['\u200B\u2060'] }).errors.tags).toBeDefined();
  });

  it('keeps a zero-width character in a username for its rule to refuse', () => {
    expect(checkForm(registerForm, { username: 'ad\u200Bmin' }).errors.username).toMatch(/niewidocznych/);
    expect(checkForm(registerForm, { username: `${NFD_A_OGONEK}na\u00A0Kot` }).values.username).toBe(
      'Ąna Kot',
    );
  });

  it('NFC-normalizes rich text without dropping anything', () => {
    const content = '<p>Wys\u0301cig\u00A0i\u200Bmeta</p>';
    expect(checkForm(postForm, { content }).values.content).toBe('<p>Wyścig\u00A0i\u200Bmeta</p>');
  });

  it('hands the SMTP login on as typed', () => {
    const { values } = checkForm(smtpSettingsForm, { smtpUser: 'us\u0301er', smtpPassword: 'has\u0301lo ' });
    expect(values).toMatchObject({ smtpUser: 'us\u0301er', smtpPassword: 'has\u0301lo ' });
  });
});
