import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { parse } from 'yaml';
import { openapiPath } from '../index.ts';
import { FORM_TARGETS as TARGETS, type FormTarget } from './contract-limits.ts';
import { FORMS, type FormName } from './forms.ts';
import { fieldNames, type Field, type Form, type Rule } from './rule.ts';
import { CONTROL_CHARACTERS_MESSAGE } from './text-shape.ts';

/**
 * The YAML's constraints on every request a form feeds equal the form's rules: types, nullability,
 * required, lengths, patterns, e-mail format, number bounds, enums, list sizes. A rule changed on one
 * side only fails here.
 */

type Schema = Record<string, unknown>;
const yamlText = readFileSync(openapiPath, 'utf8');
const doc = parse(yamlText) as Schema;

function resolve(node: unknown): Schema {
  let current = node as Schema;
  while (typeof current.$ref === 'string') {
    current = current.$ref
      .slice(2)
      .split('/')
      .reduce<Schema>((at, key) => at[key] as Schema, doc);
  }
  return current;
}

type Target = FormTarget;

/** field → [its schema, whether the request must carry it]. */
function targetFields(target: Exclude<Target, 'browser only'>): Map<string, [Schema, boolean]> {
  const fields = new Map<string, [Schema, boolean]>();
  if ('schema' in target) {
    const schema = resolve((doc.components as Schema).schemas as Schema)[target.schema] as Schema;
    const required = (schema.required as string[] | undefined) ?? [];
    for (const [name, property] of Object.entries(schema.properties as Schema))
      fields.set(name, [resolve(property), required.includes(name)]);
    return fields;
  }
  const [path, method] = target.query;
  const operation = ((doc.paths as Schema)[path] as Schema)[method] as Schema;
  for (const parameter of (operation.parameters as unknown[]).map(resolve))
    if (parameter.in === 'query')
      fields.set(parameter.name as string, [resolve(parameter.schema), parameter.required === true]);
  return fields;
}

const JSON_TYPE: Record<Field['type'], string> = {
  text: 'string',
  secret: 'string',
  choice: 'string',
  integer: 'integer',
  boolean: 'boolean',
  integerList: 'array',
  textList: 'array',
};

/** The branch of an anyOf whose type is the field's (the limit is an integer or its digits as text). */
function branchFor(field: Field, schema: Schema): Schema {
  if (!Array.isArray(schema.anyOf)) return schema;
  const branch = (schema.anyOf as unknown[])
    .map(resolve)
    .find((option) => option.type === JSON_TYPE[field.type]);
  if (!branch) throw new Error(`no ${JSON_TYPE[field.type]} branch`);
  return branch;
}

const ruleOf = <K extends Rule['kind']>(field: Field, kind: K) =>
  field.rules.filter((rule): rule is Extract<Rule, { kind: K }> => rule.kind === kind);
const valueOf = (field: Field, kind: 'minLength' | 'maxLength' | 'min' | 'max' | 'maxItems') =>
  field.rules.find((rule): rule is Extract<Rule, { kind: typeof kind }> => rule.kind === kind)?.value;

/** What the YAML should say about one field, derived from its rules. */
function expectedConstraints(field: Field) {
  const types = JSON_TYPE[field.type];
  const isRequired = ruleOf(field, 'required').length > 0;
  const textual = field.type === 'text' || field.type === 'secret' || field.type === 'choice';
  const patterns = ruleOf(field, 'pattern');
  const oneOf = ruleOf(field, 'oneOf')[0];
  return {
    type: field.nullable ? [types, 'null'] : types,
    // A required text must not be empty: JSON Schema says so with minLength 1, unless a format or
    // pattern already refuses ''.
    minLength:
      valueOf(field, 'minLength') ??
      (textual && isRequired && patterns.length === 0 && ruleOf(field, 'email').length === 0 ? 1 : undefined),
    maxLength: valueOf(field, 'maxLength'),
    // Several patterns (the password strength rules) cannot sit in one keyword; see the messages check.
    pattern: patterns.length === 1 ? patterns[0]!.source : undefined,
    // Every integer of the contract is an int32 (ids and counts up to 2147483647).
    format:
      ruleOf(field, 'email').length > 0
        ? 'email'
        : field.type === 'integer' || field.type === 'integerList'
          ? 'int32'
          : undefined,
    minimum: valueOf(field, 'min'),
    maximum: valueOf(field, 'max'),
    maxItems: valueOf(field, 'maxItems'),
    enum: oneOf ? [...oneOf.values] : undefined,
    const: ruleOf(field, 'accepted').length > 0 ? true : undefined,
  };
}

function actualConstraints(field: Field, schema: Schema) {
  const list = field.type === 'integerList' || field.type === 'textList';
  const item = list ? resolve(schema.items) : schema;
  return {
    type: schema.type,
    minLength: item.minLength,
    maxLength: item.maxLength,
    pattern: item.pattern,
    format: item.format,
    minimum: item.minimum,
    maximum: item.maximum,
    maxItems: schema.maxItems,
    enum: item.enum,
    const: item.const,
  };
}

const checked = Object.entries(TARGETS).filter(
  (entry): entry is [FormName, Exclude<Target, 'browser only'>] => entry[1] !== 'browser only',
);

describe('the contract agrees with the rules', () => {
  it.each(checked)('%s', (formName, target) => {
    const form: Form = FORMS[formName];
    const yamlFields = targetFields(target);
    const apiFields = fieldNames(form, 'api');
    expect([...yamlFields.keys()].sort(), 'the same fields').toEqual([...apiFields].sort());
    for (const name of apiFields) {
      const field = form.fields[name]!;
      const [raw, yamlRequired] = yamlFields.get(name)!;
      const schema = branchFor(field, raw);
      const expected = expectedConstraints(field);
      const actual = actualConstraints(field, Array.isArray(raw.anyOf) ? schema : raw);
      if (Array.isArray(raw.anyOf)) expected.type = JSON_TYPE[field.type];
      expect(actual, `${formName}.${name}`).toEqual(expected);
      // A required rule means the request must carry the field; optional fields may still be listed
      // as required by a schema only when the rules require them too.
      expect(yamlRequired, `${formName}.${name} required`).toBe(ruleOf(field, 'required').length > 0);
    }
  });

  it('states every password strength message where the register call is described', () => {
    const password = FORMS.register.fields.password as Field;
    for (const rule of ruleOf(password, 'pattern')) expect(yamlText).toContain(`'${rule.message}'`);
  });

  it('states the rule every text keeps (text-shape.ts) with its message', () => {
    // Folded YAML: compare with the line breaks and indentation as spaces.
    const prose = yamlText.replace(/\s+/g, ' ');
    expect(prose).toContain(`'${CONTROL_CHARACTERS_MESSAGE}'`);
  });

  it('carries no x-messages any more (the rules hold the messages)', () => {
    expect(yamlText).not.toContain('x-messages');
  });
});
