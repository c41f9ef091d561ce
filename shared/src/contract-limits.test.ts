import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { parse } from 'yaml';
import { limitsToWrite, writeLimits } from './contract-limits.ts';
import { openapiPath } from './index.ts';
import { checkField } from './rules/check.ts';
import { formTargets, SCHEMA_LIMITS } from './rules/contract-limits.ts';
import { postForm } from './rules/posts.ts';
import { maxLength, minLength, type Form } from './rules/rule.ts';

type Json = Record<string, unknown>;
const yamlText = readFileSync(openapiPath, 'utf8');
const doc = parse(yamlText) as Json;
const schemaOf = (text: string, name: string) =>
  ((parse(text) as { components: { schemas: Record<string, Json> } }).components.schemas[name] ?? {}) as Json;
const property = (text: string, schema: string, name: string) =>
  (schemaOf(text, schema).properties as Record<string, Json>)[name]!;

/** The form targets with the post form replaced by `post`. */
const withPost = (post: Form) =>
  formTargets().map((target) => (target.name === 'post' ? { ...target, form: post } : target));

/** The post form with the title's rules replaced. */
const postWithTitle = (rules: Form['fields'][string]['rules']): Form => ({
  fields: { ...postForm.fields, title: { ...postForm.fields.title, rules } },
});

const changedLines = (before: string, after: string) => {
  const a = before.split('\n');
  const b = after.split('\n');
  return b.filter((line, index) => a[index] !== line);
};

describe('the contract limits flow from the rules', () => {
  it('the committed YAML already says what the rules say (else contract:check fails)', () => {
    expect(writeLimits(yamlText)).toBe(yamlText);
  });

  it('one edit of a rule changes the rule check and the YAML', () => {
    const title = 'x'.repeat(201);
    expect(checkField(postForm, 'title', { title }).ok).toBe(false);
    const longer = postWithTitle([
      ...postForm.fields.title.rules.filter((rule) => rule.kind !== 'maxLength'),
      maxLength(250, 'Tytuł może mieć najwyżej 250 znaków'),
    ]);
    // Both validators (zod on the API, yup on the web) answer what checkField answers.
    expect(checkField(longer, 'title', { title })).toEqual({ ok: true, value: title });

    const written = writeLimits(yamlText, limitsToWrite(doc, withPost(longer)));
    expect(property(written, 'PostInput', 'title').maxLength).toBe(250);
    // Only that line changed: comments, prose and order stay as written.
    expect(changedLines(yamlText, written)).toEqual([expect.stringMatching(/^ +maxLength: 250$/)]);
  });

  it('a limit the rules add is inserted, one they drop is removed', () => {
    const noMax = postWithTitle([minLength(5, 'za krótki')]);
    const written = writeLimits(yamlText, limitsToWrite(doc, withPost(noMax)));
    const title = property(written, 'PostInput', 'title');
    expect(title.minLength).toBe(5);
    expect(title.maxLength).toBeUndefined();
    expect(written.split('\n').length).toBe(yamlText.split('\n').length - 1);
    // And back: the rules as they are give the committed text again.
    expect(writeLimits(written)).toBe(yamlText);
  });

  it('writes a limit no form states from its constant (the shared Id schema, the lists, bulk actions)', () => {
    const id = SCHEMA_LIMITS['#/components/schemas/Id']!;
    expect(schemaOf(yamlText, 'Id')).toMatchObject({ minimum: 1, maximum: id.maximum });
    const written = writeLimits(
      yamlText,
      limitsToWrite(doc, formTargets(), {
        ...SCHEMA_LIMITS,
        '#/components/schemas/BulkDeleteRequest/properties/ids': { minItems: 1, maxItems: 7 },
      }),
    );
    expect(property(written, 'BulkDeleteRequest', 'ids').maxItems).toBe(7);
  });

  it('refuses two rules that give one shared schema different limits', () => {
    // The register form and the admin's user form share the YAML's Username schema.
    const targets = formTargets().map((target) =>
      target.name === 'register'
        ? {
            ...target,
            form: {
              fields: {
                ...target.form.fields,
                username: { type: 'text', rules: [maxLength(60, 'za długa')] },
              },
            } satisfies Form,
          }
        : target,
    );
    expect(() => limitsToWrite(doc, targets)).toThrow(/Username/);
  });
});
