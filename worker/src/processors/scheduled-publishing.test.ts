import type { AdminPost } from '@blog/shared';
import { OutboxEvent, Post } from '@blog/api/models';
import {
  buildCategory,
  spawnEntry,
  type SpawnedProcess,
  sharedServicesEnv,
  type TestBrowser,
  uniqueSuffix,
  until,
} from '@blog/api/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type MailTestEnv, startMailTestEnv, subscribedReader } from '../../test/mail-test-env.ts';
import { signedInAdmin, startTestWorker, type TestWorker } from '../../test/testing.ts';

// Scheduled publishing with two workers: the post becomes public at its moment and its
// subscribers get one e-mail each; a moment missed while no worker ran is caught up at start.
let env: MailTestEnv;
let second: TestWorker;
let admin: TestBrowser;

beforeAll(async () => {
  env = await startMailTestEnv();
  second = await startTestWorker(env.api);
  admin = await signedInAdmin(env.api);
}, 60_000);
afterAll(async () => {
  await second?.close();
  await env?.close();
});

const form = (input: Record<string, unknown>) => {
  const body = new FormData();
  body.set('postData', JSON.stringify(input));
  return body;
};

async function schedulePost(categoryId: number, at: Date): Promise<AdminPost> {
  const suffix = uniqueSuffix();
  const res = await admin.upload(
    'POST',
    '/api/admin/posts',
    form({
      title: `Zaplanowany ${suffix}`,
      slug: `zaplanowany-${suffix}`,
      content: '<p>Treść zaplanowanego wpisu.</p>',
      categories: [categoryId],
      published: true,
      scheduledAt: at.toISOString(),
    }),
  );
  expect(res.status).toBe(201);
  return (await res.json()) as AdminPost;
}

const publicStatus = async (slug: string) => (await env.api.fetch(`/api/posts/${slug}`)).status;

async function waitUntilPublic(slug: string, timeoutMs: number): Promise<number> {
  await until(`${slug} to become public`, async () => (await publicStatus(slug)) === 200, timeoutMs, 100);
  return Date.now();
}

const postMails = (address: string, title: string) =>
  env.sink.to(address).filter((mail) => mail.parsed.subject === `Nowy artykuł: ${title}`);

describe('scheduled publishing with two workers', () => {
  it('publishes at the moment, not before, and e-mails each subscriber exactly once', async () => {
    const category = await buildCategory();
    const reader = await subscribedReader(env.api, category.id);
    const at = new Date(Date.now() + 2500);
    const post = await schedulePost(category.id, at);
    expect(post).toMatchObject({ published: false, scheduledAt: at.toISOString() });
    expect(await publicStatus(post.slug)).toBe(404);

    const publicAt = await waitUntilPublic(post.slug, 15_000);
    expect(publicAt).toBeGreaterThanOrEqual(at.getTime());
    expect(publicAt - at.getTime()).toBeLessThan(5000);
    const stored = await Post.findByPk(post.id);
    expect(stored).toMatchObject({ published: true, scheduledAt: null });
    expect((await env.api.fetch('/api/posts')).status).toBe(200);
    const list = (await (await env.api.fetch('/api/posts')).json()) as { id: number }[];
    expect(list.map((item) => item.id)).toContain(post.id);

    await env.sink.waitFor(reader, 2, 15_000); // the confirmation, then the new post
    await env.worker.settled();
    expect(postMails(reader, post.title)).toHaveLength(1);
    const events = await OutboxEvent.findAll({ where: { type: 'post.published' } });
    expect(events.filter((event) => (event.payload as { postId: number }).postId === post.id)).toHaveLength(
      1,
    );
  });

  it('a post a worker process publishes leaves no cached public answer behind: the database tells the API', async () => {
    const category = await buildCategory();
    const post = await schedulePost(category.id, new Date(Date.now() + 60_000));
    await Post.update({ scheduledAt: new Date(Date.now() - 1000) }, { where: { id: post.id } });
    const list = `/api/posts?page=1&limit=50&q=${encodeURIComponent(post.title)}`;
    const titles = async () =>
      ((await (await env.api.fetch(list)).json()) as { title: string }[]).map((item) => item.title);
    const { changes } = env.api.runtime.publicCache;
    await changes.settled();
    // Warm: the second answer comes from the API's memory.
    expect(await titles()).toEqual([]);
    expect(await titles()).toEqual([]);
    const feed = await (await env.api.fetch('/rss.xml')).text();
    expect(feed).not.toContain(post.slug);

    // A worker of its own process (its own connections) catches the moment up at start.
    const { config } = env.api;
    let worker: SpawnedProcess | undefined;
    try {
      worker = await spawnEntry('worker/test/test-process.ts', {
        ...sharedServicesEnv(env.api),
        PUBLIC_URL: config.PUBLIC_URL,
        LOG_LEVEL: 'silent',
      });
      expect(await Post.findByPk(post.id)).toMatchObject({ published: true });
    } finally {
      await worker?.stop();
    }
    // Every change committed so far has reached the API (its own NOTIFY round trip); nothing else was called.
    await changes.settled();
    expect(await titles()).toEqual([post.title]);
    expect(await (await env.api.fetch('/rss.xml')).text()).toContain(post.slug);
  });

  it('catches up at start a moment that passed while no worker ran', async () => {
    const category = await buildCategory();
    const post = await schedulePost(category.id, new Date(Date.now() + 60_000));
    // As if the moment came and went with every worker down (and its delayed job lost).
    await Post.update({ scheduledAt: new Date(Date.now() - 1000) }, { where: { id: post.id } });
    expect(await publicStatus(post.slug)).toBe(404);
    const late = await startTestWorker(env.api);
    try {
      expect(await publicStatus(post.slug)).toBe(200);
    } finally {
      await late.close();
    }
  });
});
