import type { Schema } from './contract.ts';

/**
 * One valid value for a contract schema, so that each fuzz case breaks exactly one thing of a request
 * the API would otherwise accept. Named values (real ids, a fresh e-mail) come from `known`, keyed by
 * the property or parameter name; everything else is the smallest value the schema allows.
 */
export function sampleOf(schema: Schema | undefined, name: string, known: Record<string, unknown>): unknown {
  if (name in known) return known[name];
  if (!schema) return 'x';
  if ('const' in schema) return schema.const;
  if (schema.enum) return schema.enum.find((value) => value !== null) ?? null;
  if (schema.default !== undefined) return schema.default;
  const choice = schema.oneOf ?? schema.anyOf;
  if (choice) return sampleOf(choice.find((option) => option.type !== 'null') ?? choice[0], name, known);
  if (schema.allOf) return sampleOf(Object.assign({}, ...schema.allOf) as Schema, name, known);
  const type = Array.isArray(schema.type) ? schema.type.find((item) => item !== 'null') : schema.type;
  switch (type) {
    case 'object':
      return Object.fromEntries(
        Object.entries(schema.properties ?? {}).map(([key, property]) => [
          key,
          sampleOf(property, key, known),
        ]),
      );
    case 'array':
      return Array.from({ length: Math.max(schema.minItems ?? 0, 1) }, () =>
        sampleOf(schema.items, name, known),
      ).slice(0, schema.maxItems ?? 1);
    case 'integer':
    case 'number':
      return Math.max(schema.minimum ?? 1, Math.min(1, schema.maximum ?? 1));
    case 'boolean':
      return true;
    case 'null':
      return null;
    case undefined:
    default:
      return sampleString(schema, name);
  }
}

function sampleString(schema: Schema, name: string): string {
  switch (schema.format ?? '') {
    case 'email':
      return `fuzz-${name.toLowerCase()}@example.com`;
    case 'date-time':
      return new Date(Date.UTC(2026, 0, 15, 10)).toISOString();
    case 'date':
      return '2026-01-15';
    case 'uri':
      return 'https://example.com/';
    case 'binary':
      return '';
  }
  const text = `Fuzz ${name}`;
  const min = schema.minLength ?? 0;
  const padded = text.length >= min ? text : text.padEnd(min, 'x');
  return padded.slice(0, schema.maxLength ?? padded.length);
}
