import { describe, expect, it } from 'vitest';
import { canSubmitCategoryName, checkCategoryName } from './category-name.ts';

describe('category name', () => {
  it('keeps the submit button disabled while the name is empty or blank', () => {
    expect(canSubmitCategoryName('')).toBe(false);
    expect(canSubmitCategoryName('   ')).toBe(false);
    expect(canSubmitCategoryName('AI')).toBe(true);
  });

  it('trims the name and refuses a blank or too long one', () => {
    expect(checkCategoryName('  Technologia ')).toEqual({ ok: true, name: 'Technologia' });
    expect(checkCategoryName('  ')).toEqual({ ok: false, message: 'Nazwa kategorii nie może być pusta' });
    expect(checkCategoryName('x'.repeat(101))).toEqual({
      ok: false,
      message: 'Nazwa kategorii może mieć najwyżej 100 znaków',
    });
  });
});
