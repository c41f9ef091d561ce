import { textLength } from '@blog/shared/rules';

/**
 * Makes a stored value fit a response schema of the contract, whatever the row holds: text over its
 * `maxLength` is cut, a list over its `maxItems` is cut, a number outside its range is clamped (one that
 * is no number at all becomes the minimum, when there is one), an unknown key of a closed object is
 * dropped, a list entry that cannot be made to fit is dropped, and an object missing a required value
 * does not fit (so its list entry goes, or its parent with it), except a required list it was written
 * without, which is empty. `notes` says what changed, by path and
 * never with the stored value (it goes to the log).
 *
 * Driven by the schema itself, so a field added to the contract is shown as soon as it is there: a
 * hand-written copy of the schema's fields once dropped every new one and flagged every new report.
 * The schema is one `contractSchema` gives: `$ref`s already resolved.
 */
export type JsonSchema = {
  type?: string | string[];
  properties?: Record<string, JsonSchema>;
  required?: string[];
  additionalProperties?: boolean | JsonSchema;
  items?: JsonSchema;
  maxItems?: number;
  maxLength?: number;
  minimum?: number;
  maximum?: number;
  enum?: unknown[];
  allOf?: JsonSchema[];
  oneOf?: JsonSchema[];
  anyOf?: JsonSchema[];
};

export type FitNotes = string[];

const isRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

const typesOf = (schema: JsonSchema): string[] =>
  schema.type === undefined ? [] : Array.isArray(schema.type) ? schema.type : [schema.type];

function fitObject(value: unknown, schema: JsonSchema, path: string, notes: FitNotes) {
  if (!isRecord(value)) {
    notes.push(`${path}: not an object`);
    return undefined;
  }
  const properties = schema.properties ?? {};
  const fitted: Record<string, unknown> = {};
  for (const [key, entry] of Object.entries(value)) {
    if (key in properties) {
      const fit = fitToSchema(entry, properties[key]!, `${path}.${key}`, notes);
      if (fit !== undefined) fitted[key] = fit;
    } else if (schema.additionalProperties === false) notes.push(`${path}.${key}: unknown field dropped`);
    else fitted[key] = entry;
  }
  // A list the value was written without (a report stored before the contract gained it) is empty.
  for (const key of schema.required ?? [])
    if (!(key in value) && typesOf(properties[key] ?? {}).includes('array')) fitted[key] = [];
  const missing = (schema.required ?? []).filter((key) => !(key in fitted));
  if (missing.length === 0) return fitted;
  notes.push(`${path}: missing ${missing.join(', ')}`);
  return undefined;
}

function fitArray(value: unknown, schema: JsonSchema, path: string, notes: FitNotes) {
  if (!Array.isArray(value)) {
    notes.push(`${path}: not a list`);
    return undefined;
  }
  const max = schema.maxItems ?? Infinity;
  if (value.length > max) notes.push(`${path}: cut to ${max} entries`);
  const fitted: unknown[] = [];
  value.slice(0, max).forEach((item, index) => {
    const fit = schema.items ? fitToSchema(item, schema.items, `${path}[${index}]`, notes) : item;
    if (fit === undefined) notes.push(`${path}[${index}]: dropped`);
    else fitted.push(fit);
  });
  return fitted;
}

function fitString(value: unknown, schema: JsonSchema, path: string, notes: FitNotes) {
  if (typeof value !== 'string' || (schema.enum && !schema.enum.includes(value))) {
    notes.push(`${path}: not ${schema.enum ? `one of ${schema.enum.join(', ')}` : 'text'}`);
    return undefined;
  }
  const max = schema.maxLength;
  if (max === undefined || textLength(value) <= max) return value;
  notes.push(`${path}: cut to ${max} characters`);
  return [...value].slice(0, max).join('');
}

function fitNumber(value: unknown, schema: JsonSchema, integer: boolean, path: string, notes: FitNotes) {
  const { minimum = -Infinity, maximum = Infinity } = schema;
  if (typeof value !== 'number' || !Number.isFinite(value)) {
    notes.push(`${path}: not a number`);
    return Number.isFinite(minimum) ? minimum : undefined;
  }
  const fitted = Math.min(maximum, Math.max(minimum, integer ? Math.trunc(value) : value));
  if (fitted !== value) notes.push(`${path}: out of range`);
  return fitted;
}

/** `value` made to fit `schema`, or undefined when it cannot be (see above). */
export function fitToSchema(value: unknown, schema: JsonSchema, path: string, notes: FitNotes): unknown {
  if (schema.allOf?.length === 1) return fitToSchema(value, schema.allOf[0]!, path, notes);
  const alternatives = schema.oneOf ?? schema.anyOf;
  if (alternatives) {
    // The first alternative the value fits as it is; else the first that can be made to fit.
    for (const alternative of alternatives) {
      const quiet: FitNotes = [];
      const fit = fitToSchema(value, alternative, path, quiet);
      if (fit !== undefined && quiet.length === 0) return fit;
    }
    for (const alternative of alternatives) {
      const fit = fitToSchema(value, alternative, path, notes);
      if (fit !== undefined) return fit;
    }
    return undefined;
  }
  const types = typesOf(schema);
  if (value === null && types.includes('null')) return null;
  if (types.includes('object')) return fitObject(value, schema, path, notes);
  if (types.includes('array')) return fitArray(value, schema, path, notes);
  if (types.includes('string')) return fitString(value, schema, path, notes);
  if (types.includes('integer')) return fitNumber(value, schema, true, path, notes);
  if (types.includes('number')) return fitNumber(value, schema, false, path, notes);
  if (types.includes('boolean')) {
    if (typeof value === 'boolean') return value;
    notes.push(`${path}: not true or false`);
    return undefined;
  }
  if (types.includes('null')) {
    notes.push(`${path}: not null`);
    return undefined;
  }
  return value;
}
