// The optional approval queue: off by default; on, a new comment waits unseen until approved.
import type { CreatedComment, PostDetail, SiteSettings } from '@blog/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TestBrowser } from '../../../test/browser.ts';
import { buildCategory, buildComment, buildPost } from '../../../test/factories.ts';
import { startTestApi, type TestApi } from '../../../test/harness.ts';
import { signedInAs } from '../../../test/signed-in.ts';
import { clientIp, readError } from '../../../test/http.ts';
import { SETTING_KEYS } from '../settings/setting-keys.ts';
import { SiteSetting } from '../settings/site-setting.model.ts';
import { Comment } from './comment.model.ts';

let api: TestApi;
let admin: TestBrowser;
let publisher: TestBrowser;

const signedIn = (role: 'admin' | 'publisher' | 'subscriber') => signedInAs(api, role);

beforeAll(async () => {
  api = await startTestApi({ TRUST_PROXY: '1' });
  admin = await signedIn('admin');
  publisher = await signedIn('publisher');
});
afterAll(async () => {
  await api?.close();
});

const visiblePost = async () => buildPost({ categories: [await buildCategory()] });
const addComment = (postId: number, content: string) =>
  api.send(
    'POST',
    `/api/posts/${postId}/comments`,
    { author: 'Ola', email: 'ola@example.com', content },
    { ip: clientIp() },
  );
const article = async (slug: string) => (await (await api.fetch(`/api/posts/${slug}`)).json()) as PostDetail;

/** Runs `body` with the queue switched on through the settings screen's call, and off again after. */
async function withQueue(body: () => Promise<void>): Promise<void> {
  const on = await admin.call('POST', '/api/admin/site-settings', { commentsRequireApproval: true });
  expect(on.status, await on.clone().text()).toBe(200);
  expect(((await on.json()) as SiteSettings).commentsRequireApproval).toBe(true);
  try {
    await body();
  } finally {
    await SiteSetting.destroy({ where: { key: SETTING_KEYS.commentsRequireApproval } });
  }
}

describe('the approval queue', () => {
  it('is off by default and public: a new comment shows at once', async () => {
    const settings = (await (await api.fetch('/api/site-settings')).json()) as SiteSettings;
    expect(settings.commentsRequireApproval).toBe(false);
    const post = await visiblePost();
    const res = await addComment(post.id, 'Od razu widoczny');
    expect(((await res.json()) as CreatedComment).status).toBe('approved');
    expect((await article(post.slug)).comments.map((c) => c.content)).toEqual(['Od razu widoczny']);
  });

  it('on: a comment is stored pending, answered as pending and not shown, not counted', async () => {
    await withQueue(async () => {
      const post = await visiblePost();
      await buildComment({ post, content: 'Starszy, zatwierdzony' });
      const before = await article(post.slug);
      const res = await addComment(post.id, 'Czeka na moderatora');
      expect(res.status).toBe(201);
      const created = (await res.json()) as CreatedComment;
      expect(created).toMatchObject({ status: 'pending', content: 'Czeka na moderatora' });
      expect((await Comment.findByPk(created.id))?.status).toBe('pending');
      // The public answer (the article's comments and their count) is the same as before.
      expect(await article(post.slug)).toEqual(before);
      expect((await article(post.slug)).comments).toHaveLength(1);
      const page = await api.fetch(`/post/${post.slug}`);
      expect(await page.text()).not.toContain('Czeka na moderatora');
      // A staff member sees it waiting.
      const queue = await admin.call('GET', `/api/admin/comments?post=${post.id}&status=pending`);
      expect(((await queue.json()) as { items: { id: number }[] }).items.map((c) => c.id)).toEqual([
        created.id,
      ]);
    });
  });

  it('approving makes the comment public at once (the cached article is invalidated); again is a no-op', async () => {
    const post = await visiblePost();
    const pending = await buildComment({ post, status: 'pending', content: 'Do zatwierdzenia' });
    // Warm the public cache with the article without the comment.
    expect((await article(post.slug)).comments).toEqual([]);
    expect((await article(post.slug)).comments).toEqual([]);
    const res = await publisher.call('POST', `/api/admin/comments/${pending.id}/approve`);
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({ message: 'Komentarz został zatwierdzony' });
    expect((await article(post.slug)).comments.map((c) => c.content)).toEqual(['Do zatwierdzenia']);
    const again = await admin.call('POST', `/api/admin/comments/${pending.id}/approve`);
    expect(again.status).toBe(200);
    expect((await Comment.findByPk(pending.id))?.status).toBe('approved');
  });

  it('rejecting is deleting: the comment is gone and readers never saw it', async () => {
    const post = await visiblePost();
    const pending = await buildComment({ post, status: 'pending' });
    const res = await admin.call('DELETE', `/api/admin/comments/${pending.id}`);
    expect(res.status).toBe(200);
    expect(await Comment.findByPk(pending.id)).toBeNull();
    expect((await article(post.slug)).comments).toEqual([]);
  });

  it('approve: unknown id 404, bad id 400, anonymous 401 and a subscriber 403, all in Polish JSON', async () => {
    const missing = await admin.call('POST', '/api/admin/comments/2147483647/approve');
    expect(missing.status).toBe(404);
    expect(await readError(missing)).toEqual({
      error: 'not_found',
      message: 'Komentarz nie został znaleziony.',
    });
    const bad = await admin.call('POST', '/api/admin/comments/abc/approve');
    expect(bad.status).toBe(400);
    const pending = await buildComment({ status: 'pending' });
    const anonymous = new TestBrowser(api, clientIp());
    expect((await anonymous.call('POST', `/api/admin/comments/${pending.id}/approve`)).status).toBe(401);
    const subscriber = await signedIn('subscriber');
    expect((await subscriber.call('POST', `/api/admin/comments/${pending.id}/approve`)).status).toBe(403);
    expect((await Comment.findByPk(pending.id))?.status).toBe('pending');
  });

  it('the setting is admin-only to change and refuses a non-boolean with a Polish message', async () => {
    const asPublisher = await publisher.call('POST', '/api/admin/site-settings', {
      commentsRequireApproval: true,
    });
    expect(asPublisher.status).toBe(403);
    const bad = await admin.call('POST', '/api/admin/site-settings', { commentsRequireApproval: 'tak' });
    expect(bad.status).toBe(400);
    expect(await readError(bad)).toMatchObject({
      field: 'commentsRequireApproval',
      message: 'Nieprawidłowe ustawienie zatwierdzania komentarzy',
    });
  });
});
