import { describe, expect, it } from 'vitest';
import { checkField } from './check.ts';
import { FORMS } from './forms.ts';
import { oneLine } from './names.ts';
import type { Field, Form } from './rule.ts';
import { CONTROL_CHARACTERS_MESSAGE, textShapeHolds } from './text-shape.ts';

/**
 * Every text any form accepts refuses the characters no text may hold, by the evaluator's own rule:
 * a field added tomorrow is covered without a line here (the walk below finds it).
 */

/** Values that some field accepts as they are; each text field must accept at least one. */
const VALID_BASES = [
  'Zwykły tekst',
  'zwykly-tekst',
  'ala@example.com',
  'https://example.com/obraz.png',
  '/uploads/obraz.webp',
  'smtp.example.com',
  '587',
  '2026-11-25T14:30:00.000Z',
  '123e4567-e89b-12d3-a456-426614174000',
];

/** What a one-line text must refuse, and what every text must refuse. */
const ONE_LINE_ONLY = ['\u0001', '\u000B', '\u001F', '\u007F', '\u0085', '\u2028', '\n', '\t'];
const NOWHERE = [
  '\u0000',
  '\u0001',
  '\u0008',
  '\u000B',
  '\u000C',
  '\u001B',
  '\uFFFE',
  '\uFFFF',
  '\uD800',
  '\uDFFF',
];

const textFields = Object.entries(FORMS).flatMap(([formName, form]) =>
  Object.entries((form as Form).fields)
    .filter(([, field]) => field.type === 'text' || field.type === 'textList')
    .map(([name, field]) => ({ label: `${formName}.${name}`, form: form as Form, name, field })),
);

const splice = (text: string, char: string) => {
  const middle = Math.floor(text.length / 2);
  return `${text.slice(0, middle)}${char}${text.slice(middle)}`;
};
const valueFor = (field: Field, text: string) => (field.type === 'textList' ? [text] : text);

describe('control characters in every text of every form', () => {
  it('finds the forms’ text fields', () => {
    expect(textFields.length).toBeGreaterThan(40);
  });

  it.each(textFields.map((entry) => [entry.label, entry] as const))('%s', (_label, { form, name, field }) => {
    const check = (text: string) => checkField(form, name, { [name]: valueFor(field, text) });
    const bases = VALID_BASES.filter((base) => check(base).ok);
    expect(bases, 'some base value is valid for it').not.toEqual([]);
    const refused = (field.lines ?? 'one') === 'one' ? [...new Set([...ONE_LINE_ONLY, ...NOWHERE])] : NOWHERE;
    for (const base of bases) {
      for (const char of refused) {
        const result = check(splice(base, char));
        expect(result.ok, `${JSON.stringify(splice(base, char))}`).toBe(false);
      }
      if (field.lines === 'many') {
        // A line break or a tab stays where a person may type one.
        expect(check(`${base}\n${base}\t${base}\r\n${base}`).ok).toBe(true);
      }
    }
  });

  it('says why with one message where the field has no words of its own', () => {
    const title = checkField(FORMS.post, 'title', { title: 'Tytuł\u0001wpisu' });
    expect(title).toEqual({ ok: false, message: CONTROL_CHARACTERS_MESSAGE });
    const content = checkField(FORMS.post, 'content', { content: '<p>Treść\u000Bwpisu</p>' });
    expect(content).toEqual({ ok: false, message: CONTROL_CHARACTERS_MESSAGE });
    // A field whose own rule names control characters keeps its words; what that rule misses gets the one message.
    const author = checkField(FORMS.comment, 'author', { author: 'Ala\u0001kot' });
    expect(author).toEqual({ ok: false, message: FORMS.comment.fields.author.rules.at(-1)!.message });
    const broken = checkField(FORMS.comment, 'author', { author: 'Ala\uDFFFkot' });
    expect(broken).toEqual({ ok: false, message: CONTROL_CHARACTERS_MESSAGE });
  });

  it('keeps emoji (whole surrogate pairs) and letters of every script', () => {
    for (const text of ['Zażółć 😀 👩‍👩‍👧‍👦', 'Ελληνικά', '中文', 'emoji 🏳️‍🌈 na końcu'])
      expect(textShapeHolds('one', text)).toBe(true);
    expect(checkField(FORMS.post, 'title', { title: 'Wpis 😀 z emoji' }).ok).toBe(true);
  });

  it('folds in imports what a one-line rule refuses, so an imported name passes it', () => {
    const folded = oneLine('Zima\uFFFF2024\uD800\u0001');
    expect(textShapeHolds('one', folded)).toBe(true);
    expect(oneLine('Ala 😀')).toBe('Ala 😀');
  });
});
