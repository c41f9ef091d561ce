import type { AdminPostListItem, Category } from '@blog/shared';
import { describe, expect, it } from 'vitest';
import { canManagePost, categoryNames, pageLinks, postStatus } from './posts-filter.ts';

function post(id: number, changes: Partial<AdminPostListItem> = {}): AdminPostListItem {
  return {
    id,
    title: `Post ${id}`,
    slug: `post-${id}`,
    excerpt: null,
    imageUrl: null,
    published: true,
    createdAt: '2025-03-05T10:00:00Z',
    updatedAt: '2025-03-05T10:00:00Z',
    userId: 1,
    author: null,
    categories: [1],
    tags: [],
    version: 1,
    scheduledAt: null,
    ...changes,
  };
}

const categories: Category[] = [
  { id: 1, name: 'Technologia', enabled: true, version: 1 },
  { id: 2, name: 'Ukryta', enabled: false, version: 1 },
];

describe('admin posts list', () => {
  it('gives at most 5 page links, kept around the current page', () => {
    expect(pageLinks(1, 1)).toEqual([]);
    expect(pageLinks(1, 3)).toEqual([1, 2, 3]);
    expect(pageLinks(1, 12)).toEqual([1, 2, 3, 4, 5]);
    expect(pageLinks(6, 12)).toEqual([4, 5, 6, 7, 8]);
    expect(pageLinks(12, 12)).toEqual([8, 9, 10, 11, 12]);
    expect(pageLinks(11, 12)).toEqual([8, 9, 10, 11, 12]);
  });

  it('calls a published post without a visible category hidden', () => {
    expect(postStatus(post(1, { published: false }), categories)).toBe('draft');
    expect(postStatus(post(1, { categories: [] }), categories)).toBe('hidden');
    expect(postStatus(post(1, { categories: [2] }), categories)).toBe('hidden');
    expect(postStatus(post(1, { categories: [2, 1] }), categories)).toBe('published');
    expect(postStatus(post(1, { categories: [2] }), undefined)).toBe('published');
  });

  it('names the categories of a post', () => {
    expect(categoryNames([2, 1], categories)).toEqual(['Technologia', 'Ukryta']);
    expect(categoryNames([1], undefined)).toEqual([]);
  });

  it('lets admins manage every post and publishers only their own', () => {
    expect(canManagePost(post(1, { userId: 5 }), { id: 9, role: 'admin' })).toBe(true);
    expect(canManagePost(post(1, { userId: 5 }), { id: 5, role: 'publisher' })).toBe(true);
    expect(canManagePost(post(1, { userId: 5 }), { id: 6, role: 'publisher' })).toBe(false);
    expect(canManagePost(post(1, { userId: null }), { id: 6, role: 'publisher' })).toBe(false);
    expect(canManagePost(post(1), null)).toBe(false);
  });
});
