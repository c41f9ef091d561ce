// „Zaplanuj publikację” (issue 20): the API side of a planned publication; the worker side (the moment
// itself, two workers, catching up) is in worker/src/processors/scheduled-publishing.test.ts.
import type { AdminPost } from '@blog/openapi';
import { describe, expect, it } from 'vitest';
import { OutboxEvent } from '../../events/outbox-event.model.ts';
import { buildCategory } from '../../test/factories.ts';
import { readError } from '../../test/http.ts';
import { admin, api, create, postForm, useAdminPostsApi, validInput } from './admin-posts.fixtures.ts';
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

const save = async (post: AdminPost, changes: Record<string, unknown>) =>
  admin.upload(
    'PUT',
    `/api/admin/posts/${post.id}`,
    postForm({
      title: post.title,
      slug: post.slug,
      content: post.content,
      version: post.version,
      ...changes,
    }),
  );

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
