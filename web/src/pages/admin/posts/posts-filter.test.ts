import type { AdminPostListItem, Category } from '@blog/openapi';
import { describe, expect, it } from 'vitest';
import {
  canManagePost,
  categoryNames,
  filterAdminPosts,
  pageCount,
  pageLinks,
  pageOf,
  postStatus,
} from './posts-filter.ts';

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
  it('searches title, slug, excerpt and tags without regard to case', () => {
    const posts = [
      post(1, { title: 'Żółty Kot' }),
      post(2, { excerpt: 'O produktywności' }),
      post(3, { tags: ['AI'] }),
      post(4),
    ];
    expect(filterAdminPosts(posts, 'żÓŁty', 'all').map((p) => p.id)).toEqual([1]);
    expect(filterAdminPosts(posts, 'PRODUKTYW', 'all').map((p) => p.id)).toEqual([2]);
    expect(filterAdminPosts(posts, ' ai ', 'all').map((p) => p.id)).toEqual([3]);
    expect(filterAdminPosts(posts, '', 'all')).toHaveLength(4);
  });

  it('filters by one category or none', () => {
    const posts = [post(1, { categories: [1] }), post(2, { categories: [2] }), post(3, { categories: [] })];
    expect(filterAdminPosts(posts, '', 2).map((p) => p.id)).toEqual([2]);
    expect(filterAdminPosts(posts, '', 'all')).toHaveLength(3);
  });

  it('shows 10 per page', () => {
    const items = Array.from({ length: 23 }, (_, i) => i + 1);
    expect(pageOf(items, 1)).toEqual([1, 2, 3, 4, 5, 6, 7, 8, 9, 10]);
    expect(pageOf(items, 3)).toEqual([21, 22, 23]);
    expect(pageOf(items, 9)).toEqual([21, 22, 23]);
    expect(pageCount(23)).toBe(3);
    expect(pageCount(0)).toBe(1);
  });

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
