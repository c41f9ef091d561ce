import type { PostInput } from '@blog/shared';
import { describe, expect, it } from 'vitest';
import type { PostEditorValues } from '../pages/admin/posts/post.form.ts';
import { ApiError } from './api-error.ts';
import { type FormFieldsOf, serverFieldError, serverFields } from './field-error.ts';

const invalid = (field: string) =>
  new ApiError(400, 'Zła wartość', { error: 'validation_failed', message: 'Zła wartość', field });

describe('server field errors', () => {
  it('puts a validation answer under the form field it names, and only under one of the list', () => {
    const fields = serverFields<'title' | 'slug'>({ title: true, slug: true });
    expect(fields).toEqual(['title', 'slug']);
    expect(serverFieldError(invalid('slug'), fields)).toEqual({ field: 'slug', message: 'Zła wartość' });
    expect(serverFieldError(invalid('version'), fields)).toBeNull();
    expect(serverFieldError(new Error('x'), fields)).toBeNull();
  });

  it('the list of fields a schema and its form share is the compiler’s to check', () => {
    type Shared = FormFieldsOf<{ a: string; b: number; c?: string }, { a: string; c: string; d: boolean }>;
    expect(serverFields<Shared>({ a: true, c: true })).toEqual(['a', 'c']);
    // @ts-expect-error a shared field left out of the list
    serverFields<Shared>({ a: true });
    // @ts-expect-error a field the schema does not have
    serverFields<Shared>({ a: true, c: true, d: true });
    // The post editor's fields that the contract's PostInput also has.
    const post: FormFieldsOf<PostInput, PostEditorValues>[] = ['metaTitle', 'socialImageUrl', 'imageAlt'];
    expect(post).toHaveLength(3);
  });
});
