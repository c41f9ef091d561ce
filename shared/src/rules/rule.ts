import type { Normalization } from './normalize.ts';
import type { TextLines } from './text-shape.ts';

/**
 * Validation rules as data. Each rule carries the exact message a person sees; a form is a map of
 * field → definition. The API (zod), the web (yup) and the contract test all read these, so a rule
 * and its message are written once. Pure TypeScript: the web bundles this, so no Node modules here.
 */

export type Rule =
  | { readonly kind: 'required'; readonly message: string }
  | { readonly kind: 'minLength'; readonly value: number; readonly message: string }
  | { readonly kind: 'maxLength'; readonly value: number; readonly message: string }
  | { readonly kind: 'pattern'; readonly source: string; readonly flags?: string; readonly message: string }
  | { readonly kind: 'email'; readonly message: string }
  | { readonly kind: 'integer'; readonly message: string }
  | { readonly kind: 'min'; readonly value: number; readonly message: string }
  | { readonly kind: 'max'; readonly value: number; readonly message: string }
  | { readonly kind: 'maxItems'; readonly value: number; readonly message: string }
  | { readonly kind: 'oneOf'; readonly values: readonly string[]; readonly message: string }
  | { readonly kind: 'accepted'; readonly message: string }
  | { readonly kind: 'equalsField'; readonly field: string; readonly message: string }
  | { readonly kind: 'linkScheme'; readonly schemes: readonly string[]; readonly message: string }
  /** A moment (instant.ts): `calendar` refuses a malformed or impossible one, `range` one outside 1900..9999 UTC. */
  | { readonly kind: 'instant'; readonly refuses: 'calendar' | 'range'; readonly message: string };

export type RuleKind = Rule['kind'];

/**
 * `text` is normalized (Field.normalize) and trimmed before the rules run (on both sides, as the forms
 * always did); `secret` is normalized but not trimmed, because a space can be part of a password.
 * Numbers typed as text ('12') count as numbers.
 */
export type FieldType = 'text' | 'secret' | 'integer' | 'boolean' | 'choice' | 'integerList' | 'textList';

export interface Field {
  readonly type: FieldType;
  readonly rules: readonly Rule[];
  /** Absent or empty is fine; the rules then do not run. Without a `required` rule a field is optional. */
  readonly nullable?: boolean;
  /** For `choice`: the allowed values (also the TypeScript type of the value). */
  readonly options?: readonly string[];
  /**
   * `web`: only the browser form has it (a password confirmation the API never receives).
   * `api`: the page adds it, a person never types it (the post id of a comment, a captcha id).
   */
  readonly only?: 'web' | 'api';
  /** Shown when the value has the wrong type (a number where text belongs); defaults to the first rule's message. */
  readonly typeMessage?: string;
  /**
   * How `text`, `secret` and `textList` values are normalized before the rules (normalize.ts): NFC by
   * default (`text`); `name` and `identifier` for values compared for uniqueness; `verbatim` for a
   * value handed on byte for byte to another system (the SMTP server's login).
   */
  readonly normalize?: Normalization;
  /**
   * For `text` and `textList`: `one` (the default) refuses every control character, `many` (a body, a
   * comment, a textarea) keeps line feeds and tabs. Checked for every such field after its own rules,
   * with one message (text-shape.ts).
   */
  readonly lines?: TextLines;
}

export interface Form {
  readonly fields: { readonly [name: string]: Field };
}

/** Keeps the literal types of a form (field types, options, `only`) so the value types below can be derived. */
export const defineForm = <const F extends Form>(form: F): F => form;

type ValueOf<T extends Field> = T extends { readonly type: 'integer' }
  ? number
  : T extends { readonly type: 'boolean' }
    ? boolean
    : T extends { readonly type: 'integerList' }
      ? number[]
      : T extends { readonly type: 'textList' }
        ? string[]
        : T extends { readonly type: 'choice'; readonly options: readonly (infer O)[] }
          ? O
          : string;

type IsRequired<T extends Field> =
  Extract<T['rules'][number], { kind: 'required' }> extends never ? false : true;
type Nullable<T extends Field> = T extends { readonly nullable: true } ? null : never;
type Simplify<T> = { [K in keyof T]: T[K] } & {};

type ValuesOf<Fs extends Form['fields']> = Simplify<
  {
    -readonly [K in keyof Fs as IsRequired<Fs[K]> extends true ? K : never]: ValueOf<Fs[K]>;
  } & {
    -readonly [K in keyof Fs as IsRequired<Fs[K]> extends true ? never : K]?:
      ValueOf<Fs[K]> | Nullable<Fs[K]>;
  }
>;

type FieldsFor<F extends Form, Side extends 'web' | 'api'> = {
  [
    K in keyof F['fields'] as F['fields'][K] extends { readonly only: infer O }
      ? O extends Side
        ? K
        : never
      : K
  ]: F['fields'][K];
};

/** Every field of a form once validated. */
export type FormValues<F extends Form> = ValuesOf<F['fields']>;
/** What the API receives and its zod schema returns: the form without its browser-only fields. */
export type ApiValues<F extends Form> = ValuesOf<FieldsFor<F, 'api'>>;
/** What the browser form validates: the form without the fields the page adds. */
export type WebValues<F extends Form> = ValuesOf<FieldsFor<F, 'web'>>;

/** The names of the fields one side validates, in the form's order (which decides the first error). */
export function fieldNames(form: Form, side: 'web' | 'api' | 'all'): string[] {
  return Object.entries(form.fields)
    .filter(([, field]) => side === 'all' || field.only === undefined || field.only === side)
    .map(([name]) => name);
}

// Small constructors so forms read as a list of rules. Each returns its own kind (not the whole union),
// so the value types above can tell a required field from an optional one.
type RuleOf<K extends RuleKind> = Extract<Rule, { kind: K }>;
export const required = (message: string): RuleOf<'required'> => ({ kind: 'required', message });
export const minLength = (value: number, message: string): RuleOf<'minLength'> => ({
  kind: 'minLength',
  value,
  message,
});
export const maxLength = (value: number, message: string): RuleOf<'maxLength'> => ({
  kind: 'maxLength',
  value,
  message,
});

/** A required text of `min` to `max` characters: `tooShort` when it is empty or shorter, `tooLong` beyond. */
export const requiredLength = (min: number, max: number, tooShort: string, tooLong: string) =>
  [required(tooShort), minLength(min, tooShort), maxLength(max, tooLong)] as const;
export const pattern = (source: string, message: string, flags?: string): RuleOf<'pattern'> =>
  flags === undefined ? { kind: 'pattern', source, message } : { kind: 'pattern', source, flags, message };
export const email = (message: string): RuleOf<'email'> => ({ kind: 'email', message });
export const integer = (message: string): RuleOf<'integer'> => ({ kind: 'integer', message });
export const min = (value: number, message: string): RuleOf<'min'> => ({ kind: 'min', value, message });
export const max = (value: number, message: string): RuleOf<'max'> => ({ kind: 'max', value, message });
export const maxItems = (value: number, message: string): RuleOf<'maxItems'> => ({
  kind: 'maxItems',
  value,
  message,
});
export const oneOf = (values: readonly string[], message: string): RuleOf<'oneOf'> => ({
  kind: 'oneOf',
  values,
  message,
});
export const accepted = (message: string): RuleOf<'accepted'> => ({ kind: 'accepted', message });
export const equalsField = (field: string, message: string): RuleOf<'equalsField'> => ({
  kind: 'equalsField',
  field,
  message,
});
export const linkScheme = (schemes: readonly string[], message: string): RuleOf<'linkScheme'> => ({
  kind: 'linkScheme',
  schemes,
  message,
});

export const instant = (refuses: 'calendar' | 'range', message: string): RuleOf<'instant'> => ({
  kind: 'instant',
  refuses,
  message,
});

/**
 * „N znak / znaki / znaków”: a length in Polish, with the noun in the form the number needs, so a
 * message can be built from its limit (the number is written once, in the rule).
 */
export function characters(count: number): string {
  const tens = count % 100;
  const ones = count % 10;
  if (count === 1) return '1 znak';
  return `${count} ${ones >= 2 && ones <= 4 && (tens < 12 || tens > 14) ? 'znaki' : 'znaków'}`;
}

/** A whole id column: integers from 1 to 2147483647 (PostgreSQL integer), one message for every way to miss. */
export const ID_MAX = 2_147_483_647;
export const idRules = (message: string): Rule[] => [integer(message), min(1, message), max(ID_MAX, message)];
/** The same for an id that must be given. */
export const requiredIdRules = (message: string) => [required(message), ...idRules(message)] as const;

export const VERSION_MESSAGE = 'Nieprawidłowa wersja. Odśwież stronę i spróbuj ponownie.';

/**
 * Optimistic concurrency: the `version` a whole-object edit was loaded at (the response's `version`).
 * The page adds it; the API refuses (409) a save whose version is no longer the stored one.
 */
export const versionField = {
  type: 'integer',
  only: 'api',
  typeMessage: VERSION_MESSAGE,
  rules: [integer(VERSION_MESSAGE), min(1, VERSION_MESSAGE), max(ID_MAX, VERSION_MESSAGE)],
} as const satisfies Field;

/** The maximum length a field's rules allow (for an input's `maxLength`), if it has one. */
export function maxLengthOf(form: Form, name: string): number | undefined {
  const rule = form.fields[name]?.rules.find((candidate) => candidate.kind === 'maxLength');
  return rule?.kind === 'maxLength' ? rule.value : undefined;
}
