import fc from 'fast-check';
import type { Schema } from './contract.ts';

/**
 * Hostile values, as raw JSON text (so what JSON.stringify cannot write — `1e309`, lone surrogates,
 * duplicate keys — reaches the server as an attacker would send it), grouped by what they attack.
 * Each group is an arbitrary: fast-check picks and generates from them under the run's seed.
 */

export const INT32_OVERFLOW = [
  '2147483648',
  '-2147483649',
  '4294967296',
  '9007199254740993',
  '99999999999999999999',
  '1e20',
  '-0',
  '2147483647.5',
];
export const HUGE_NUMBERS = ['1e309', '-1e309', '1e-400', '1.7976931348623157e309', '123e456789'];
export const NUL_TEXT = ['\u0000', 'a\u0000b', '\u0000'.repeat(50), 'ok\u0000<script>', '%00'];
export const UNICODE_TEXT = [
  '\ud800',
  '\udfff',
  'a\ud83d',
  '\u202eevil\u202c',
  '\u200b\u200c\u200d\ufeff',
  '\uffff\ufffe',
  'Zażółć gęślą jaźń',
  'ｆｕｌｌｗｉｄｔｈ',
  'e\u0301\u0301\u0301\u0301\u0301',
  '👩‍👩‍👧‍👦🏳️‍🌈',
  '\u0085\u2028\u2029',
  'ǅ',
];
export const INJECTION_TEXT = [
  "' OR '1'='1' --",
  'Robert"); DROP TABLE posts;--',
  '1; SELECT pg_sleep(0)',
  '<script>alert(1)</script>',
  '<img src=x onerror=alert(1)>',
  '"><svg/onload=alert(1)>',
  '{{7*7}}${7*7}',
  '../../../../etc/passwd',
  '%2e%2e%2f%2e%2e%2f',
  'a\r\nBcc: victim@example.com',
  'javascript:alert(1)',
];
export const PROTOTYPE_KEYS = [
  '__proto__',
  'constructor',
  'prototype',
  '__defineGetter__',
  'hasOwnProperty',
  'toString',
];
export const PRIVILEGE_KEYS = [
  'role',
  'isAdmin',
  'id',
  'userId',
  'version',
  'createdAt',
  'passwordHash',
  'isActive',
];
export const PROTOTYPE_VALUES = [
  '{"isAdmin":true}',
  '{"prototype":{"role":"admin"}}',
  'null',
  '"admin"',
  '[]',
];

const json = (text: string) => JSON.stringify(text);

/** Arbitrary text: generated strings of every kind plus the fixed hostile lists above. */
export const hostileText = (): fc.Arbitrary<string> =>
  fc.oneof(
    fc.constantFrom(...NUL_TEXT, ...UNICODE_TEXT, ...INJECTION_TEXT),
    fc.string({ unit: 'binary', maxLength: 40 }),
    fc.string({ unit: 'grapheme', maxLength: 40 }),
    fc.string({ maxLength: 40 }),
  );

/** A value of the wrong JSON type for this schema. */
function wrongTypes(schema: Schema): string[] {
  const type = Array.isArray(schema.type) ? schema.type[0] : schema.type;
  const all: Record<string, string[]> = {
    string: ['123', '-1', 'true', 'false', 'null', '[]', '["a"]', '{}', '{"a":1}'],
    integer: ['"1"', '"abc"', '1.5', 'true', 'null', '[1]', '{}', '""', '"0x10"', '" 1"'],
    number: ['"1"', 'true', 'null', '[1]', '{}', '""'],
    boolean: ['"true"', '"false"', '1', '0', '"on"', 'null', '[]', '{}'],
    array: ['"x"', '1', 'true', 'null', '{}', '{"0":1,"length":1}', '[null]', '[[[]]]', '[{}]'],
    object: ['"x"', '1', 'true', 'null', '[]', '[{}]'],
  };
  return all[type ?? 'string'] ?? all.string!;
}

/** Values just outside the schema's own limits (the ones the API must enforce the same way). */
function outOfBounds(schema: Schema): string[] {
  const out: string[] = [];
  if (schema.maxLength !== undefined) out.push(json('x'.repeat(schema.maxLength + 1)));
  if (schema.minLength) out.push(json('x'.repeat(schema.minLength - 1)));
  if (schema.maximum !== undefined) out.push(String(schema.maximum + 1));
  if (schema.minimum !== undefined) out.push(String(schema.minimum - 1));
  if (schema.maxItems !== undefined)
    out.push(
      `[${Array(schema.maxItems + 1)
        .fill('1')
        .join(',')}]`,
    );
  if (schema.enum) out.push(json('nie-ma-takiej-wartości'), json(String(schema.enum[0]).toUpperCase()));
  if (schema.format === 'email')
    out.push(json('not-an-email'), json('a@b'), json(`${'a'.repeat(250)}@example.com`));
  if (schema.format === 'date-time') out.push(json('2026-02-30T25:61:00Z'), json('yesterday'));
  out.push('""', '0', '-1');
  return out;
}

export type ValueKind =
  | 'type'
  | 'bounds'
  | 'int32'
  | '1e309'
  | 'nul'
  | 'unicode'
  | 'injection'
  | 'oversized-string'
  | 'generated-json';

/** One hostile raw JSON value for a field of this schema, labelled with what it attacks. */
export const hostileJsonValue = (schema: Schema): fc.Arbitrary<{ kind: ValueKind; raw: string }> =>
  fc.oneof(
    fc.constantFrom(...wrongTypes(schema)).map((raw) => ({ kind: 'type' as const, raw })),
    fc.constantFrom(...outOfBounds(schema)).map((raw) => ({ kind: 'bounds' as const, raw })),
    fc.constantFrom(...INT32_OVERFLOW).map((raw) => ({ kind: 'int32' as const, raw })),
    fc.constantFrom(...HUGE_NUMBERS).map((raw) => ({ kind: '1e309' as const, raw })),
    fc.constantFrom(...NUL_TEXT).map((text) => ({ kind: 'nul' as const, raw: json(text) })),
    fc
      .oneof(fc.constantFrom(...UNICODE_TEXT), fc.string({ unit: 'binary', maxLength: 40 }))
      .map((text) => ({ kind: 'unicode' as const, raw: json(text) })),
    fc.constantFrom(...INJECTION_TEXT).map((text) => ({ kind: 'injection' as const, raw: json(text) })),
    fc
      .integer({ min: 1, max: 300_000 })
      .map((size) => ({ kind: 'oversized-string' as const, raw: json('ą'.repeat(size)) })),
    fc
      .jsonValue({ maxDepth: 3 })
      .map((value) => ({ kind: 'generated-json' as const, raw: JSON.stringify(value) })),
  );

/** One hostile text for a path segment or query value (raw, already percent-encoded). */
export const hostileParam = (schema: Schema): fc.Arbitrary<{ kind: string; raw: string }> =>
  fc.oneof(
    fc
      .constantFrom(...INT32_OVERFLOW, ...HUGE_NUMBERS, 'Infinity', 'NaN', '0x1F', '1e3', ' 1', '01', '+1')
      .map((text) => ({ kind: 'number-text', raw: encode(text) })),
    fc.constantFrom(...outOfBounds(schema)).map((text) => ({ kind: 'bounds', raw: encode(plain(text)) })),
    hostileText().map((text) => ({ kind: 'text', raw: encode(text) })),
    fc
      .constantFrom('%', '%zz', '%ED%A0%80', '%E0%A4%A', '%C0%AF', '%00', '%FF%FE', '%2F', '%5C..%5C')
      .map((raw) => ({ kind: 'raw-encoding', raw })),
    fc
      .integer({ min: 300, max: 20_000 })
      .map((size) => ({ kind: 'oversized-string', raw: 'x'.repeat(size) })),
  );

/** JSON string values as their text; other JSON values as they are written. */
function plain(raw: string): string {
  try {
    const value = JSON.parse(raw) as unknown;
    return typeof value === 'string' ? value : raw;
  } catch {
    return raw;
  }
}

/** Percent-encoding that survives lone surrogates (encodeURIComponent throws on them). */
export function encode(text: string): string {
  try {
    return encodeURIComponent(text);
  } catch {
    return '%ED%A0%80';
  }
}
