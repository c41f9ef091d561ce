import { postSchema } from '@blog/shared/editor-schema';
import { getSchema } from '@tiptap/core';
import { describe, expect, it } from 'vitest';
import { editorExtensions } from './editor-extensions.ts';

/** A schema as data: its nodes and marks in order, with their content, groups and attributes. */
const shape = (schema: ReturnType<typeof postSchema>) => ({
  nodes: Object.values(schema.nodes).map(({ name, spec }) => ({
    name,
    content: spec.content,
    group: spec.group,
    marks: spec.marks,
    attrs: Object.keys(spec.attrs ?? {}),
  })),
  marks: Object.values(schema.marks).map(({ name, spec }) => ({
    name,
    excludes: spec.excludes,
    inclusive: spec.inclusive,
    attrs: Object.keys(spec.attrs ?? {}),
  })),
});

describe('one definition of the document', () => {
  it('the editor’s schema is the shared one the server reads and writes bodies with', () => {
    expect(shape(getSchema(editorExtensions()))).toEqual(shape(postSchema()));
  });
});
