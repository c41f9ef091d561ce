// „Zaplanuj publikację”: the API side of a planned publication; the worker side (the moment
// itself, two workers, catching up) is in worker/src/processors/scheduled-publishing.test.ts.
import type { AdminPost } from '@blog/shared';
import { POST_MESSAGES } from '@blog/shared/rules';
import { describe, expect, it } from 'vitest';
import { OutboxEvent } from '../../events/outbox-event.model.ts';
import { buildCategory } from '../../../test/factories.ts';
import { readError } from '../../../test/http.ts';
import {
  admin,
  api,
  create,
  publisher,
  update,
  useAdminPostsApi,
  validInput,
} from '../../../test/admin-posts.fixtures.ts';
import { Post } from './post.model.ts';
import { publishDuePosts, SCHEDULE_IN_PAST } from './scheduled-publishing.ts';

useAdminPostsApi();

const inMinutes = (minutes: number) => new Date(Date.now() + minutes * 60_000);

async function scheduled(at: Date): Promise<AdminPost> {
  const category = await buildCategory();
  const res = await create(admin, validInput({ categories: [category.id], scheduledAt: at.toISOString() }));
  expect(res.status).toBe(201);
  return (await res.json()) as AdminPost;
}

const save = async (post: AdminPost, changes: Record<string, unknown>) => update(admin, post, changes);

describe('scheduled publication', () => {
  it('keeps a scheduled post a draft, hidden from readers, with its moment in the admin list', async () => {
    const at = inMinutes(30);
    const post = await scheduled(at);
    expect(post).toMatchObject({ published: false, scheduledAt: at.toISOString() });
    expect((await api.fetch(`/api/posts/${post.slug}`)).status).toBe(404);
    const list = (await (await admin.call('GET', '/api/admin/posts?status=scheduled')).json()) as {
      items: AdminPost[];
    };
    expect(list.items.find((item) => item.id === post.id)?.scheduledAt).toBe(at.toISOString());
    const events = await OutboxEvent.findAll({ where: { type: 'post.scheduled' } });
    expect(events.map((event) => event.payload)).toContainEqual({ postId: post.id, at: at.toISOString() });
  });

  it('refuses a moment in the past with a clear message and writes nothing', async () => {
    const category = await buildCategory();
    const input = validInput({
      categories: [category.id],
      scheduledAt: new Date(Date.now() - 60_000).toISOString(),
    });
    const res = await create(admin, input);
    expect(res.status).toBe(400);
    expect(await readError(res)).toEqual({
      error: 'validation_failed',
      message: SCHEDULE_IN_PAST,
      field: 'scheduledAt',
    });
    expect(await Post.count({ where: { slug: input.slug } })).toBe(0);
    const bad = await create(admin, validInput({ scheduledAt: 'jutro o 10' }));
    expect((await readError(bad)).field).toBe('scheduledAt');
  });

  it('refuses a moment past year 9999 in UTC (whatever its offset) or not in the calendar, and writes nothing', async () => {
    const category = await buildCategory();
    const refused: [string, string][] = [
      // 23:30 at -23:00 is 23:30 UTC the next day: year 10000, which no presenter can write.
      ['9999-12-31T23:30:00-23:00', POST_MESSAGES.scheduleRange],
      ['9999-12-31T23:59:59-00:01', POST_MESSAGES.scheduleRange],
      ['9999-12-31T23:59:59.999-00:01', POST_MESSAGES.scheduleRange],
      ['10000-01-01T00:00:00Z', POST_MESSAGES.schedule],
      ['2096-02-30T10:00Z', POST_MESSAGES.scheduleCalendar],
      ['2095-02-29T10:00:00+01:00', POST_MESSAGES.scheduleCalendar],
      ['2096-04-31T10:00:00Z', POST_MESSAGES.scheduleCalendar],
      ['2096-13-01T10:00:00Z', POST_MESSAGES.scheduleCalendar],
      ['2096-06-01T24:00:00Z', POST_MESSAGES.scheduleCalendar],
      ['2096-06-01T10:60:00Z', POST_MESSAGES.scheduleCalendar],
    ];
    for (const [scheduledAt, message] of refused) {
      const input = validInput({ categories: [category.id], scheduledAt });
      const res = await create(publisher, input);
      expect(res.status, scheduledAt).toBe(400);
      expect(await readError(res), scheduledAt).toEqual({
        error: 'validation_failed',
        message,
        field: 'scheduledAt',
      });
      expect(await Post.count({ where: { slug: input.slug } }), scheduledAt).toBe(0);
    }
    // Nothing was stored, so the panel's lists still answer.
    expect((await publisher.call('GET', '/api/admin/posts')).status).toBe(200);
    expect((await admin.call('GET', '/api/admin/posts?status=scheduled')).status).toBe(200);

    // An existing post cannot be moved there either.
    const post = await scheduled(inMinutes(30));
    const moved = await save(post, { scheduledAt: '9999-12-31T23:30:00-23:00' });
    expect(moved.status).toBe(400);
    expect((await readError(moved)).message).toBe(POST_MESSAGES.scheduleRange);
    expect((await Post.findByPk(post.id))?.scheduledAt?.toISOString()).toBe(post.scheduledAt);
  });

  it('accepts the last moments of year 9999 in UTC and a leap day, and lists them', async () => {
    const accepted: [string, string][] = [
      ['9999-12-31T23:59:59Z', '9999-12-31T23:59:59.000Z'],
      ['9999-12-31T23:59:59.999+00:00', '9999-12-31T23:59:59.999Z'],
      // Far east of UTC the same wall clock is earlier: still 9999.
      ['9999-12-31T23:30:00+23:00', '9999-12-31T00:30:00.000Z'],
      ['9999-12-31T00:30:00-23:00', '9999-12-31T23:30:00.000Z'],
      ['2096-02-29T10:00:00+01:00', '2096-02-29T09:00:00.000Z'],
    ];
    const category = await buildCategory();
    for (const [scheduledAt, stored] of accepted) {
      const res = await create(publisher, validInput({ categories: [category.id], scheduledAt }));
      expect(res.status, scheduledAt).toBe(201);
      const post = (await res.json()) as AdminPost;
      expect(post.scheduledAt).toBe(stored);
      const one = await publisher.call('GET', `/api/admin/posts/${post.id}`);
      expect(one.status).toBe(200);
      expect(((await one.json()) as AdminPost).scheduledAt).toBe(stored);
    }
    expect((await admin.call('GET', '/api/admin/posts?status=scheduled&limit=100')).status).toBe(200);
  });

  it('reschedules, unschedules (the post stays a draft), and the switch publishes now', async () => {
    const post = await scheduled(inMinutes(30));
    const later = inMinutes(90);
    const moved = (await (await save(post, { scheduledAt: later.toISOString() })).json()) as AdminPost;
    expect(moved).toMatchObject({ published: false, scheduledAt: later.toISOString() });
    const kept = (await (await save(moved, {})).json()) as AdminPost;
    expect(kept.scheduledAt).toBe(later.toISOString());
    const removed = (await (await save(kept, { scheduledAt: null })).json()) as AdminPost;
    expect(removed).toMatchObject({ published: false, scheduledAt: null });

    const again = await scheduled(inMinutes(30));
    const toggled = await admin.call('PATCH', `/api/admin/posts/${again.id}/toggle-visibility`);
    expect(await toggled.json()).toEqual({ id: again.id, published: true });
    expect(await Post.findByPk(again.id)).toMatchObject({ published: true, scheduledAt: null });
  });

  it('publishes a due post once when several workers sweep at the same moment', async () => {
    const post = await scheduled(inMinutes(30));
    await Post.update({ scheduledAt: new Date(Date.now() - 1000) }, { where: { id: post.id } });
    const sweeps = await Promise.all([1, 2, 3, 4].map(() => publishDuePosts(api.runtime)));
    expect(sweeps.flat().filter((id) => id === post.id)).toHaveLength(1);
    const events = await OutboxEvent.findAll({ where: { type: 'post.published' } });
    expect(events.filter((event) => (event.payload as { postId: number }).postId === post.id)).toHaveLength(
      1,
    );
    expect((await api.fetch(`/api/posts/${post.slug}`)).status).toBe(200);
  });
});
