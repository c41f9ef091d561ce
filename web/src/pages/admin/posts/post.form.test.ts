import type { AdminPost } from '@blog/shared';
import { describe, expect, it } from 'vitest';
import { fieldError } from '../../../../test/validation.ts';
import {
  addTag,
  buildPostInput,
  newPostValues,
  postSchema,
  postValuesFrom,
  removeTag,
  slugAfterTitleChange,
  toggleCategory,
  typedSlug,
} from './post.form.ts';

const valid = {
  ...newPostValues,
  title: 'Nowy post',
  slug: 'nowy-post',
  content: '<p>Treść posta o uwadze.</p>',
};

describe('post editor form', () => {
  it('starts empty and published', () => {
    expect(newPostValues).toMatchObject({ title: '', slug: '', content: '', published: true, tags: [] });
  });

  it('accepts a complete post', async () => {
    await expect(postSchema.isValid(valid)).resolves.toBe(true);
  });

  it('gives the rules’ messages for title, slug and content', async () => {
    expect(await fieldError(postSchema, { ...valid, title: 'ab' }, 'title')).toBe(
      'Tytuł musi mieć co najmniej 3 znaki',
    );
    expect(await fieldError(postSchema, { ...valid, slug: 'ab' }, 'slug')).toBe(
      'Slug musi mieć co najmniej 3 znaki',
    );
    expect(await fieldError(postSchema, { ...valid, slug: 'zły--slug' }, 'slug')).toBe(
      'Slug może zawierać tylko małe litery, cyfry i myślniki',
    );
    expect(await fieldError(postSchema, { ...valid, content: 'abc' }, 'content')).toBe(
      'Treść musi mieć co najmniej 10 znaków',
    );
  });

  it('normalises a typed slug and generates one from the title only while the field is empty', () => {
    expect(typedSlug('Mój Post!')).toBe('m-j-post-');
    expect(slugAfterTitleChange('Żółta łódź na Wiśle', '', '')).toBe('zolta-lodz-na-wisle');
    // Still the generated one: it keeps following the title as it is typed.
    expect(slugAfterTitleChange('Żółta łódź', 'zolta-lod', 'Żółta łód')).toBe('zolta-lodz');
    // Typed or edited by the person (or an existing post's slug): never overwritten.
    expect(slugAfterTitleChange('Inny tytuł', 'moj-slug', 'Tytuł')).toBe('moj-slug');
  });

  it('limits the SEO title to 70 and the description to 160 characters, with Polish messages', async () => {
    await expect(
      postSchema.isValid({ ...valid, metaTitle: 'a'.repeat(70), metaDescription: 'b'.repeat(160) }),
    ).resolves.toBe(true);
    expect(await fieldError(postSchema, { ...valid, metaTitle: 'a'.repeat(71) }, 'metaTitle')).toBe(
      'Tytuł SEO może mieć najwyżej 70 znaków',
    );
    expect(
      await fieldError(postSchema, { ...valid, metaDescription: 'b'.repeat(161) }, 'metaDescription'),
    ).toBe('Opis SEO może mieć najwyżej 160 znaków');
  });

  it('adds trimmed, non-empty tags once and removes them', () => {
    expect(addTag([], '  AI ')).toEqual(['AI']);
    expect(addTag(['AI'], 'AI')).toEqual(['AI']);
    expect(addTag(['AI'], '   ')).toEqual(['AI']);
    // NFD, a no-break space and a zero-width space spell the same tag as the server stores it.
    expect(addTag(['wyścig rowerowy'], 'wys\u0301cig\u00A0rowerowy\u200B')).toEqual(['wyścig rowerowy']);
    expect(addTag([], '\u200B')).toEqual([]);
    expect(removeTag(['AI', 'web'], 'AI')).toEqual(['web']);
  });

  it('ticks and unticks categories', () => {
    expect(toggleCategory([1], 2, true)).toEqual([1, 2]);
    expect(toggleCategory([1, 2], 2, true)).toEqual([1, 2]);
    expect(toggleCategory([1, 2], 1, false)).toEqual([2]);
  });

  it('builds postData: trimmed, empty optional fields null, ids as numbers, tags deduplicated', () => {
    expect(
      buildPostInput({
        ...valid,
        title: '  Nowy post ',
        excerpt: '   ',
        imageUrl: '',
        imageAlt: '  ',
        categories: ['3' as unknown as number, 3, 1],
        tags: [' AI', 'AI', 'web'],
      }),
    ).toEqual({
      title: 'Nowy post',
      slug: 'nowy-post',
      content: '<p>Treść posta o uwadze.</p>',
      excerpt: null,
      published: true,
      imageUrl: null,
      imageAlt: null,
      categories: [3, 1],
      tags: ['AI', 'web'],
      scheduledAt: null,
      metaTitle: null,
      metaDescription: null,
      socialImageUrl: null,
    });
    // The SEO panel's fields: trimmed; a draft kept before they existed sends none.
    expect(
      buildPostInput({ ...valid, metaTitle: ' Tytuł SEO ', metaDescription: 'Opis', socialImageUrl: '' }),
    ).toMatchObject({ metaTitle: 'Tytuł SEO', metaDescription: 'Opis', socialImageUrl: null });
    const oldDraft = { ...valid } as Partial<typeof valid>;
    delete oldDraft.metaTitle;
    expect(buildPostInput(oldDraft as typeof valid).metaTitle).toBeNull();
    // „Zaplanuj publikację” is picked in Warsaw time and sent as an instant.
    expect(buildPostInput({ ...valid, scheduledAt: '2026-11-25T15:30' }).scheduledAt).toBe(
      '2026-11-25T14:30:00.000Z',
    );
  });

  it('fills the form from a stored post', () => {
    const post: AdminPost = {
      id: 4,
      title: 'T',
      slug: 's',
      content: '<p>x</p>',
      excerpt: null,
      imageUrl: '/uploads/a.webp',
      imageAlt: 'Tatry zimą',
      published: false,
      createdAt: '2025-03-05T10:00:00Z',
      updatedAt: '2025-03-05T10:00:00Z',
      userId: 1,
      author: null,
      categories: [2],
      tags: ['AI'],
      version: 3,
      scheduledAt: null,
      metaTitle: 'Tytuł w wyszukiwarce',
      metaDescription: null,
      socialImageUrl: '/uploads/b.webp',
    };
    expect(postValuesFrom(post)).toEqual({
      title: 'T',
      slug: 's',
      content: '<p>x</p>',
      excerpt: '',
      published: false,
      imageUrl: '/uploads/a.webp',
      imageAlt: 'Tatry zimą',
      categories: [2],
      tags: ['AI'],
      scheduledAt: '',
      metaTitle: 'Tytuł w wyszukiwarce',
      metaDescription: '',
      socialImageUrl: '/uploads/b.webp',
    });
    expect(postValuesFrom({ ...post, scheduledAt: '2026-07-01T06:05:00.000Z' }).scheduledAt).toBe(
      '2026-07-01T08:05',
    );
  });
});
