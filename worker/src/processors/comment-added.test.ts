import { Comment, OutboxEvent, SiteSetting } from '@blog/api/models';
import { SETTING_KEYS } from '@blog/api/settings';
import { buildCategory, buildPost } from '@blog/api/testing';
import { describe, expect, it } from 'vitest';
import { testApiAndWorker } from '../../test/testing.ts';
import { type CommentAddedResult, processCommentAdded } from './comment-added.ts';

describe('comment.added: a comment and its event commit together, and the worker logs it', () => {
  const { api, worker } = testApiAndWorker();

  const comment = { author: 'Ola', email: 'ola@example.com', content: 'Dobry tekst, dzięki!' };
  const eventsFor = async (postId: number) =>
    (await OutboxEvent.findAll({ where: { type: 'comment.added' } })).filter(
      (row) => (row.payload as { postId?: number }).postId === postId,
    );

  it('records one event for a new comment, which the worker handles', async () => {
    const post = await buildPost({ title: 'Artykuł z komentarzem', categories: [await buildCategory()] });
    const res = await api.send('POST', `/api/posts/${post.id}/comments`, comment);
    expect(res.status).toBe(201);
    const { id: commentId } = (await res.json()) as { id: number };

    const [event] = await eventsFor(post.id);
    expect(event?.payload).toEqual({ commentId, postId: post.id });
    const result = (await worker.resultOf(event!.id)) as CommentAddedResult;
    expect(result).toEqual({ status: 'logged', commentId, postTitle: 'Artykuł z komentarzem' });
  });

  it('records no event when the comment is refused', async () => {
    const post = await buildPost({ categories: [await buildCategory()] });
    await SiteSetting.upsert({ key: SETTING_KEYS.commentsEnabled, value: 'false' });
    try {
      expect((await api.send('POST', `/api/posts/${post.id}/comments`, comment)).status).toBe(403);
    } finally {
      await SiteSetting.destroy({ where: { key: SETTING_KEYS.commentsEnabled } });
    }
    expect(await eventsFor(post.id)).toEqual([]);
    expect(await Comment.count({ where: { postId: post.id } })).toBe(0);
  });

  it('skips a comment deleted before the job ran', async () => {
    const result = await processCommentAdded(
      { eventId: 'gone', payload: { commentId: 2_000_000_000, postId: 1 } },
      { ...api.runtime },
    );
    expect(result).toEqual({ status: 'skipped', reason: 'comment-gone' });
  });
});
