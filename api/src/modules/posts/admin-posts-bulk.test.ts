// POST /api/admin/posts/bulk: per-post rights, versions and categories, one transaction.
import type { BulkPostsResult } from '@blog/shared';
import { describe, expect, it } from 'vitest';
import { OutboxEvent } from '../../events/outbox-event.model.ts';
import { buildCategory, buildComment, buildPost } from '../../../test/factories.ts';
import { readError } from '../../../test/http.ts';
import { Comment } from '../comments/comment.model.ts';
import { admin, publisher, publisherUser, useAdminPostsApi } from '../../../test/admin-posts.fixtures.ts';
import { Post } from './post.model.ts';

useAdminPostsApi();

async function bulk(action: string, posts: { id: number; version: number }[], browser = admin) {
  const res = await browser.call('POST', '/api/admin/posts/bulk', { action, posts });
  expect(res.status).toBe(200);
  return (await res.json()) as BulkPostsResult;
}

const ref = (post: Post) => ({ id: post.id, version: post.version });
const stored = async (post: Post) => (await Post.findByPk(post.id))?.get({ plain: true });

describe('POST /api/admin/posts/bulk', () => {
  it('publishes what it may and reports the rest: no category, stale version, unknown id', async () => {
    const category = await buildCategory();
    const draft = await buildPost({ categories: [category], published: false });
    const noCategory = await buildPost({ published: false });
    const stale = await buildPost({ categories: [category], published: false });
    const result = await bulk('publish', [
      ref(draft),
      ref(noCategory),
      { id: stale.id, version: stale.version + 1 },
      { id: 2_147_483_000, version: 1 },
    ]);
    expect(result).toEqual({
      message: 'Opublikowano: 1 z 4 postów.',
      results: [
        { id: draft.id, ok: true, message: 'Opublikowano.' },
        {
          id: noCategory.id,
          ok: false,
          code: 'conflict',
          message: 'Post bez kategorii nie może zostać opublikowany.',
        },
        {
          id: stale.id,
          ok: false,
          code: 'conflict',
          message: 'Ktoś inny zmienił ten post w międzyczasie. Odśwież listę i spróbuj ponownie.',
        },
        { id: 2_147_483_000, ok: false, code: 'not_found', message: 'Post nie został znaleziony' },
      ],
    });
    expect(await stored(draft)).toMatchObject({ published: true, version: draft.version + 1 });
    expect(await stored(noCategory)).toMatchObject({ published: false, version: noCategory.version });
    expect(await stored(stale)).toMatchObject({ published: false, version: stale.version });
    const events = await OutboxEvent.findAll({ where: { type: 'post.published' } });
    expect(events.map((event) => event.payload)).toContainEqual({ postId: draft.id });
    // Readers see it now.
    expect((await admin.call('GET', `/api/posts/${draft.slug}`)).status).toBe(200);
  });

  it('lets a publisher act on their own posts only', async () => {
    const category = await buildCategory();
    const own = await buildPost({ author: publisherUser, categories: [category] });
    const foreign = await buildPost({ categories: [category] });
    const result = await bulk('unpublish', [ref(own), ref(foreign)], publisher);
    expect(result.message).toBe('Cofnięto publikację: 1 z 2 postów.');
    expect(result.results[1]).toEqual({
      id: foreign.id,
      ok: false,
      code: 'forbidden',
      message: 'Możesz zmieniać tylko własne posty.',
    });
    expect(await stored(own)).toMatchObject({ published: false });
    expect(await stored(foreign)).toMatchObject({ published: true, version: foreign.version });
    // A planned publication no longer applies after a status set by hand.
    const planned = await buildPost({
      author: publisherUser,
      categories: [category],
      published: false,
      scheduledAt: new Date(Date.now() + 3_600_000),
    });
    await bulk('publish', [ref(planned)], publisher);
    expect(await stored(planned)).toMatchObject({ published: true, scheduledAt: null });
  });

  it('deletes posts with their comments; a repeated id counts once', async () => {
    const first = await buildPost();
    const second = await buildPost();
    const comment = await buildComment({ postId: first.id });
    const result = await bulk('delete', [ref(first), ref(second), ref(first)]);
    expect(result.message).toBe('Usunięto: 2 z 2 postów.');
    expect(await Post.count({ where: { id: [first.id, second.id] } })).toBe(0);
    expect(await Comment.findByPk(comment.id)).toBeNull();
  });

  it.each([
    [
      { action: 'archive', posts: [{ id: 1, version: 1 }] },
      'action',
      'Nieprawidłowa akcja (publish, unpublish lub delete).',
    ],
    [{ action: 'delete', posts: [] }, 'posts', 'Wybierz od 1 do 100 postów.'],
    [{ action: 'delete' }, 'posts', 'Wybierz od 1 do 100 postów.'],
    [
      { action: 'delete', posts: Array.from({ length: 101 }, (_, i) => ({ id: i + 1, version: 1 })) },
      'posts',
      'Wybierz od 1 do 100 postów.',
    ],
    [{ action: 'delete', posts: [{ id: 1 }] }, 'posts.0.version', 'Nieprawidłowa wersja posta.'],
    [
      { action: 'delete', posts: [{ id: 0, version: 1 }] },
      'posts.0.id',
      'Nieprawidłowy identyfikator posta.',
    ],
    [
      { action: 'delete', posts: [{ id: '1', version: 1 }] },
      'posts.0.id',
      'Nieprawidłowy identyfikator posta.',
    ],
  ])('refuses %j with a Polish message', async (body, field, message) => {
    const res = await admin.call('POST', '/api/admin/posts/bulk', body);
    expect(res.status).toBe(400);
    expect(await readError(res)).toMatchObject({ field, message });
  });
});
