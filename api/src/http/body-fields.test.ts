import { describe, expect, it } from 'vitest';
import { bodyShapeOf, refuseUnknownFields, unknownField } from './body-fields.ts';

/** A contract in miniature, with the constructs body-fields.ts reads. */
const document = {
  components: {
    schemas: {
      Closed: { type: 'object', additionalProperties: false, properties: { a: { type: 'string' } } },
      Open: { type: 'object', properties: { a: { type: 'string' } } },
      Tree: {
        type: 'object',
        additionalProperties: false,
        properties: {
          name: { type: 'string' },
          children: { type: 'array', items: { $ref: '#/components/schemas/Tree' } },
        },
      },
    },
  },
};
const shape = (schema: unknown) => bodyShapeOf(document, schema);

describe('the shape of a contract schema', () => {
  it('resolves $refs and leaves an open object open', () => {
    expect(shape({ $ref: '#/components/schemas/Closed' })).toEqual({ keys: ['a'] });
    expect(shape({ $ref: '#/components/schemas/Open' })).toBeUndefined();
  });

  it('follows closed objects into properties, array items and JSON text', () => {
    const form = shape({
      type: 'object',
      properties: {
        list: { type: 'array', items: { $ref: '#/components/schemas/Closed' } },
        data: {
          type: 'string',
          contentMediaType: 'application/json',
          contentSchema: { $ref: '#/components/schemas/Closed' },
        },
      },
    })!;
    expect(form).toEqual({
      properties: { list: { items: { keys: ['a'] } }, data: { json: { keys: ['a'] } } },
    });
    expect(unknownField(form, { list: [{ a: 'x' }, { a: 'y', b: 1 }] })).toBe('list.1.b');
    expect(unknownField(form, { data: '{"a":"x","c":2}', other: true })).toBe('c');
    expect(unknownField(form, { data: 'nie JSON' })).toBeUndefined();
  });

  it('merges allOf (closed when a part is) and anyOf/oneOf (closed only when every object branch is)', () => {
    const closed = { $ref: '#/components/schemas/Closed' };
    const b = { type: 'object', additionalProperties: false, properties: { b: { type: 'string' } } };
    expect(shape({ allOf: [closed, { properties: { b: {} } }] })).toEqual({ keys: ['a'] });
    expect(shape({ oneOf: [closed, b] })).toEqual({ keys: ['a', 'b'] });
    expect(shape({ anyOf: [closed, { $ref: '#/components/schemas/Open' }] })).toBeUndefined();
    expect(shape({ anyOf: [closed, { type: 'string' }] })).toEqual({ keys: ['a'] });
  });

  it('reads a schema that contains itself without looping (the inner occurrence is left open)', () => {
    const tree = shape({ $ref: '#/components/schemas/Tree' })!;
    expect(tree).toEqual({ keys: ['name', 'children'] });
    expect(unknownField(tree, { name: 'a', extra: 1 })).toBe('extra');
    expect(unknownField(tree, { name: 'a', children: [{ name: 'b', extra: 1 }] })).toBeUndefined();
  });

  it('refuses with the field and a Polish message, and lets a listed or non-object body through', () => {
    const closed = shape({ $ref: '#/components/schemas/Closed' });
    expect(() => refuseUnknownFields(closed, { a: 'x' })).not.toThrow();
    expect(() => refuseUnknownFields(closed, 'tekst')).not.toThrow();
    expect(() => refuseUnknownFields(undefined, { z: 1 })).not.toThrow();
    expect(() => refuseUnknownFields(closed, JSON.parse('{"__proto__":{}}'))).toThrow(
      expect.objectContaining({
        code: 'validation_failed',
        message: 'Nieznane pole: „__proto__”.',
        details: { field: '__proto__' },
      }),
    );
  });
});
