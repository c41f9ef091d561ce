import { readInstant } from './instant.ts';
import { normalizeAs } from './normalize.ts';
import { EMAIL_PATTERN } from './patterns.ts';
import { fieldNames, type Field, type Form, type Rule } from './rule.ts';
import { CONTROL_CHARACTERS_MESSAGE, textShapeHolds } from './text-shape.ts';

/**
 * The one evaluator of the rules. The zod and yup builders both call it, so the server and the
 * browser cannot drift apart on what a rule means (Unicode normalization, trimming, numbers typed as
 * text, code-point lengths as JSON Schema counts them); they only adapt its answer to their framework.
 */

/** A raw value made ready for the rules: empty (rules skipped), of the wrong type, or a usable value. */
export type Prepared =
  | { readonly state: 'empty'; readonly value: undefined | null | '' }
  | { readonly state: 'wrongType' }
  | { readonly state: 'value'; readonly value: string | number | boolean | readonly (string | number)[] };

const NUMBER_TEXT = /^[+-]?\d+(?:\.\d+)?$/;

function prepareNumber(raw: unknown): number | undefined | 'wrong' {
  if (typeof raw === 'number') return Number.isFinite(raw) ? raw : 'wrong';
  if (typeof raw !== 'string') return 'wrong';
  const text = raw.trim();
  if (text === '') return undefined;
  return NUMBER_TEXT.test(text) ? Number(text) : 'wrong';
}

export function prepareValue(field: Field, raw: unknown): Prepared {
  if (raw === undefined) return { state: 'empty', value: undefined };
  if (raw === null) return field.nullable ? { state: 'empty', value: null } : { state: 'wrongType' };
  switch (field.type) {
    case 'text':
    case 'choice':
    case 'secret': {
      if (typeof raw !== 'string') return { state: 'wrongType' };
      const normalized = normalizeAs(field.normalize ?? 'text', raw);
      const value = field.type === 'secret' ? normalized : normalized.trim();
      return value === '' ? { state: 'empty', value: '' } : { state: 'value', value };
    }
    case 'integer': {
      const value = prepareNumber(raw);
      if (value === 'wrong') return { state: 'wrongType' };
      return value === undefined ? { state: 'empty', value: undefined } : { state: 'value', value };
    }
    case 'boolean':
      return typeof raw === 'boolean' ? { state: 'value', value: raw } : { state: 'wrongType' };
    case 'integerList': {
      if (!Array.isArray(raw)) return { state: 'wrongType' };
      const items = raw.map(prepareNumber);
      if (items.some((item) => item === 'wrong' || item === undefined)) return { state: 'wrongType' };
      return { state: 'value', value: items as number[] };
    }
    case 'textList': {
      if (!Array.isArray(raw) || raw.some((item) => typeof item !== 'string')) return { state: 'wrongType' };
      const normalization = field.normalize ?? 'text';
      return {
        state: 'value',
        value: (raw as string[]).map((item) => normalizeAs(normalization, item).trim()),
      };
    }
    default: {
      const unknownType: never = field.type;
      throw new Error(`Unknown field type ${String(unknownType)}`);
    }
  }
}

const regexCache = new Map<string, RegExp>();
function regex(source: string, flags = ''): RegExp {
  const key = `${flags}/${source}`;
  let compiled = regexCache.get(key);
  if (!compiled) {
    compiled = new RegExp(source, flags);
    regexCache.set(key, compiled);
  }
  return compiled;
}

/** Length in code points, as JSON Schema (and so the YAML) counts it: 'ż' and '😀' are one character each. */
export const textLength = (text: string): number => [...text].length;

const SCHEME = /^([a-z][a-z0-9+.-]*):/i;

/** Whether one value (or, for lists, every item) keeps one rule. `required` is decided before, on emptiness. */
function holdsFor(rule: Rule, value: string | number | boolean, other: unknown): boolean {
  switch (rule.kind) {
    case 'required':
      return true;
    case 'minLength':
      return typeof value !== 'string' || textLength(value) >= rule.value;
    case 'maxLength':
      return typeof value !== 'string' || textLength(value) <= rule.value;
    case 'pattern':
      return typeof value !== 'string' || regex(rule.source, rule.flags).test(value);
    case 'email':
      return typeof value === 'string' && regex(EMAIL_PATTERN).test(value);
    case 'integer':
      return typeof value !== 'number' || Number.isInteger(value);
    case 'min':
      return typeof value !== 'number' || value >= rule.value;
    case 'max':
      return typeof value !== 'number' || value <= rule.value;
    case 'maxItems':
      return true;
    case 'oneOf':
      return typeof value === 'string' && rule.values.includes(value);
    case 'accepted':
      return value === true;
    case 'equalsField':
      return value === other;
    case 'linkScheme': {
      const scheme = typeof value === 'string' ? SCHEME.exec(value)?.[1] : undefined;
      return scheme !== undefined && rule.schemes.includes(scheme.toLowerCase());
    }
    case 'instant': {
      if (typeof value !== 'string') return true;
      const reading = readInstant(value);
      if (reading.ok) return true;
      // Each problem has its own rule and message; `calendar` also takes what is no moment at all.
      return rule.refuses === 'range' ? reading.problem !== 'range' : reading.problem === 'range';
    }
    default: {
      const unknownRule: never = rule;
      throw new Error(`Unknown rule ${JSON.stringify(unknownRule)}`);
    }
  }
}

export function ruleHolds(rule: Rule, value: Prepared & { state: 'value' }, other?: unknown): boolean {
  const v = value.value;
  if (Array.isArray(v)) {
    if (rule.kind === 'maxItems') return v.length <= rule.value;
    return v.every((item: string | number) => holdsFor(rule, item, other));
  }
  return holdsFor(rule, v as string | number | boolean, other);
}

/**
 * The characters every text may hold (text-shape.ts), for each `text` and `textList` field whatever
 * its rules say: a field cannot be declared without it.
 */
function shapeHolds(field: Field, value: Prepared & { state: 'value' }): boolean {
  if (field.type !== 'text' && field.type !== 'textList') return true;
  const lines = field.lines ?? 'one';
  const v = value.value;
  const texts = Array.isArray(v) ? v : [v];
  return texts.every((text) => typeof text !== 'string' || textShapeHolds(lines, text));
}

/** The message shown when a value has the wrong type. */
export function typeMessage(field: Field): string {
  return field.typeMessage ?? field.rules[0]?.message ?? 'Nieprawidłowa wartość';
}

/** The value another field is compared with: prepared the same way, so ' abc ' equals 'abc' for text. */
function comparable(form: Form, name: string, values: Readonly<Record<string, unknown>>): unknown {
  const field = form.fields[name];
  if (!field) return values[name];
  const prepared = prepareValue(field, values[name]);
  return prepared.state === 'value' ? prepared.value : undefined;
}

export type FieldCheck = { ok: true; value: unknown } | { ok: false; message: string };

/** The first rule this field breaks (in the order the form lists them), or its prepared value. */
export function checkField(form: Form, name: string, values: Readonly<Record<string, unknown>>): FieldCheck {
  const field = form.fields[name];
  if (!field) throw new Error(`Form has no field ${name}`);
  const prepared = prepareValue(field, values[name]);
  if (prepared.state === 'wrongType') return { ok: false, message: typeMessage(field) };
  if (prepared.state === 'empty') {
    const requiredRule = field.rules.find((rule) => rule.kind === 'required');
    return requiredRule ? { ok: false, message: requiredRule.message } : { ok: true, value: prepared.value };
  }
  for (const rule of field.rules) {
    const other = rule.kind === 'equalsField' ? comparable(form, rule.field, values) : undefined;
    if (!ruleHolds(rule, prepared, other)) return { ok: false, message: rule.message };
  }
  // After the field's own rules, so a field that already names control characters keeps its words.
  if (!shapeHolds(field, prepared)) return { ok: false, message: CONTROL_CHARACTERS_MESSAGE };
  return { ok: true, value: prepared.value };
}

export interface FormCheck {
  /** Prepared values of the fields that passed (trimmed text, numbers for digits). */
  readonly values: Record<string, unknown>;
  /** field → first message, in the form's field order. */
  readonly errors: Record<string, string>;
}

/** Checks every field one side validates. A pure helper for places without zod or yup (and for tests). */
export function checkForm(
  form: Form,
  values: Readonly<Record<string, unknown>>,
  side: 'web' | 'api' | 'all' = 'all',
): FormCheck {
  const result: FormCheck = { values: {}, errors: {} };
  for (const name of fieldNames(form, side)) {
    const check = checkField(form, name, values);
    if (check.ok) {
      if (check.value !== undefined) result.values[name] = check.value;
    } else result.errors[name] = check.message;
  }
  return result;
}
