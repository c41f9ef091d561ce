import { categoryForm, checkField } from '@blog/shared/rules';

/** A non-empty trimmed name; the submit button stays disabled until there is one. */
export function canSubmitCategoryName(name: string): boolean {
  return name.trim() !== '';
}

/** The trimmed name when it obeys the shared rules, else the rule's Polish message. */
export function checkCategoryName(name: string): { ok: true; name: string } | { ok: false; message: string } {
  const check = checkField(categoryForm, 'name', { name });
  return check.ok ? { ok: true, name: name.trim() } : { ok: false, message: check.message };
}
