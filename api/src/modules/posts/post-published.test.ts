import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { OutboxEvent } from '../../events/outbox-event.model.ts';
import { TestBrowser } from '../../../test/browser.ts';
import { buildCategory, buildPost, buildUser, uniqueSuffix } from '../../../test/factories.ts';
import { startTestApi, type TestApi } from '../../../test/harness.ts';
import { clientIp } from '../../../test/http.ts';

/** post.published: exactly once per post, when readers can first see it. */
const PASSWORD = 'Dobre-Hasło1';
let api: TestApi;
let admin: TestBrowser;
let adminTwo: TestBrowser;

beforeAll(async () => {
  api = await startTestApi({ TRUST_PROXY: '1' });
  const user = await buildUser({ role: 'admin', password: PASSWORD });
  admin = new TestBrowser(api, clientIp());
  await admin.signIn(user.username, PASSWORD);
  // A second session: a double click from two tabs, or two editors at once.
  adminTwo = new TestBrowser(api, clientIp());
  await adminTwo.signIn(user.username, PASSWORD);
});
afterAll(async () => {
  await api?.close();
});

const publishedEvents = async (postId: number) =>
  (await OutboxEvent.findAll({ where: { type: 'post.published' } })).filter(
    (event) => event.payload.postId === postId,
  ).length;

function form(input: Record<string, unknown>): FormData {
  const data = new FormData();
  data.set('postData', JSON.stringify(input));
  return data;
}

const input = (overrides: Record<string, unknown> = {}) => {
  const suffix = uniqueSuffix();
  return {
    title: `Wpis ${suffix}`,
    slug: `wpis-zdarzenie-${suffix}`,
    content: '<p>Treść wpisu do publikacji.</p>',
    ...overrides,
  };
};

const toggle = (browser: TestBrowser, id: number) =>
  browser.call('PATCH', `/api/admin/posts/${id}/toggle-visibility`);

describe('post.published', () => {
  it('goes out once for a post created published in a visible category, never on later edits or re-toggles', async () => {
    const category = await buildCategory();
    const created = await admin.upload(
      'POST',
      '/api/admin/posts',
      form(input({ categories: [category.id] })),
    );
    const { id, slug } = (await created.json()) as { id: number; slug: string };
    expect(await publishedEvents(id)).toBe(1);

    await admin.upload('PUT', `/api/admin/posts/${id}`, form(input({ slug, title: 'Poprawiony tytuł' })));
    await toggle(admin, id); // draft
    await toggle(admin, id); // published again
    expect(await publishedEvents(id)).toBe(1);
  });

  it('does not go out for a draft, nor for a published post readers cannot see', async () => {
    const visible = await buildCategory();
    const hidden = await buildCategory({ enabled: false });
    const draft = await admin.upload(
      'POST',
      '/api/admin/posts',
      form(input({ categories: [visible.id], published: false })),
    );
    const uncategorised = await admin.upload('POST', '/api/admin/posts', form(input()));
    const inHidden = await admin.upload('POST', '/api/admin/posts', form(input({ categories: [hidden.id] })));
    for (const res of [draft, uncategorised, inHidden]) {
      expect(res.status).toBe(201);
      expect(await publishedEvents(((await res.json()) as { id: number }).id)).toBe(0);
    }
  });

  it('goes out when a draft is switched to published', async () => {
    const post = await buildPost({ published: false, categories: [await buildCategory()] });
    expect((await (await toggle(admin, post.id)).json()) as unknown).toEqual({
      id: post.id,
      published: true,
    });
    expect(await publishedEvents(post.id)).toBe(1);
  });

  it('goes out once when a published post gains its first visible category in an edit', async () => {
    const post = await buildPost({ published: true });
    const category = await buildCategory();
    await admin.upload('PUT', `/api/admin/posts/${post.id}`, form(input({ slug: post.slug })));
    expect(await publishedEvents(post.id)).toBe(0);
    await admin.upload(
      'PUT',
      `/api/admin/posts/${post.id}`,
      form(input({ slug: post.slug, categories: [category.id] })),
    );
    expect(await publishedEvents(post.id)).toBe(1);
  });

  it('goes out when showing a hidden category makes its published posts visible, once', async () => {
    const hidden = await buildCategory({ enabled: false });
    const published = await buildPost({ published: true, categories: [hidden] });
    const draft = await buildPost({ published: false, categories: [hidden] });
    const alreadyVisible = await buildPost({ published: true, categories: [hidden, await buildCategory()] });
    // alreadyVisible was made visible by a factory, not by a publication: mark it as already announced.
    await alreadyVisible.update({ firstPublishedAt: new Date() });

    const shown = await admin.call('PATCH', `/api/admin/categories/${hidden.id}/toggle-visibility`);
    expect(await shown.json()).toMatchObject({ id: hidden.id, name: hidden.name, enabled: true });
    expect(await publishedEvents(published.id)).toBe(1);
    expect(await publishedEvents(draft.id)).toBe(0);
    expect(await publishedEvents(alreadyVisible.id)).toBe(0);

    await admin.call('PATCH', `/api/admin/categories/${hidden.id}/toggle-visibility`); // hidden
    await admin.call('PATCH', `/api/admin/categories/${hidden.id}/toggle-visibility`); // shown again
    expect(await publishedEvents(published.id)).toBe(1);
  });

  it('goes out exactly once under two concurrent publish switches (double click)', async () => {
    for (let round = 0; round < 5; round += 1) {
      const post = await buildPost({ published: false, categories: [await buildCategory()] });
      const answers = await Promise.all([toggle(admin, post.id), toggle(adminTwo, post.id)]);
      expect(answers.map((res) => res.status)).toEqual([200, 200]);
      expect(await publishedEvents(post.id)).toBe(1);
    }
  });

  it('goes out exactly once under two concurrent saves that publish the same post', async () => {
    for (let round = 0; round < 5; round += 1) {
      const category = await buildCategory();
      const post = await buildPost({ published: false, categories: [category] });
      const body = input({ slug: post.slug, published: true, categories: [category.id] });
      const answers = await Promise.all([
        admin.upload('PUT', `/api/admin/posts/${post.id}`, form(body)),
        adminTwo.upload('PUT', `/api/admin/posts/${post.id}`, form(body)),
      ]);
      expect(answers.map((res) => res.status)).toEqual([200, 200]);
      expect(await publishedEvents(post.id)).toBe(1);
    }
  });

  it('goes out exactly once when a post is published while its category is being shown', async () => {
    for (let round = 0; round < 5; round += 1) {
      const hidden = await buildCategory({ enabled: false });
      const post = await buildPost({ published: false, categories: [hidden] });
      await Promise.all([
        toggle(admin, post.id),
        adminTwo.call('PATCH', `/api/admin/categories/${hidden.id}/toggle-visibility`),
      ]);
      expect(await publishedEvents(post.id)).toBe(1);
    }
  });
});
