import type { AdminComment } from '@blog/openapi';
import { describe, expect, it } from 'vitest';
import { filterComments, selectAllState, selectedShown, toggleAll, toggleOne } from './comments-filter.ts';

function comment(id: number, changes: Partial<AdminComment> = {}): AdminComment {
  return {
    id,
    postId: 1,
    author: `Autor ${id}`,
    email: `autor${id}@example.com`,
    content: 'Treść komentarza',
    createdAt: '2025-03-05T10:00:00Z',
    post: { id: 1, title: 'Post', slug: 'post' },
    ...changes,
  };
}

describe('comment moderation helpers', () => {
  const comments = [
    comment(1, { author: 'Łukasz' }),
    comment(2, { email: 'OLA@Example.com' }),
    comment(3, { content: 'Świetny ARTYKUŁ' }),
  ];

  it('searches author, e-mail and content without regard to case', () => {
    expect(filterComments(comments, 'łUKASZ').map((c) => c.id)).toEqual([1]);
    expect(filterComments(comments, 'ola@example').map((c) => c.id)).toEqual([2]);
    expect(filterComments(comments, 'artykuł').map((c) => c.id)).toEqual([3]);
    expect(filterComments(comments, '  ')).toHaveLength(3);
    expect(filterComments(comments, 'nic takiego')).toEqual([]);
  });

  it('selects rows one by one and all shown at once', () => {
    let selected = toggleOne(new Set(), 1, true);
    expect(selectAllState([1, 2, 3], selected)).toBe('indeterminate');
    selected = toggleAll([1, 2, 3], selected, true);
    expect(selectAllState([1, 2, 3], selected)).toBe(true);
    selected = toggleAll([2, 3], selected, false);
    expect([...selected]).toEqual([1]);
    expect(selectAllState([], selected)).toBe(false);
    expect(selectAllState([2], selected)).toBe(false);
  });

  it('bulk-deletes only the selected rows still shown', () => {
    expect(selectedShown([2, 3], new Set([1, 2]))).toEqual([2]);
  });
});
