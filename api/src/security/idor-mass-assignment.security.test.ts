import type { AdminPost } from '@blog/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TestBrowser } from '../../test/browser.ts';
import { buildCategory, buildPost, buildUser, uniqueSuffix } from '../../test/factories.ts';
import { startTestApi, type TestApi } from '../../test/harness.ts';
import { clientIp } from '../../test/http.ts';
import { Category } from '../modules/categories/category.model.ts';
import { Comment } from '../modules/comments/comment.model.ts';
import { Post } from '../modules/posts/post.model.ts';
import { UserSubscription } from '../modules/subscriptions/user-subscription.model.ts';
import { User } from '../modules/users/user.model.ts';

/**
 * Attacks as tests: another's objects by id (IDOR) and fields a form does not offer (mass
 * assignment). Which role may call which operation at all is the authorization matrix
 * (app/authorization.test.ts, every operation × every caller); this file checks the objects behind it.
 */
const PASSWORD = 'Dobre-Hasło1';
let api: TestApi;
let publisher: TestBrowser;
let publisherId: number;
let admin: TestBrowser;
let adminId: number;

const signedIn = async (role: 'admin' | 'publisher' | 'subscriber') => {
  const user = await buildUser({ role, password: PASSWORD });
  const browser = new TestBrowser(api, clientIp());
  await browser.signIn(user.username, PASSWORD);
  return { browser, id: user.id };
};

beforeAll(async () => {
  api = await startTestApi({ TRUST_PROXY: '1' });
  ({ browser: publisher, id: publisherId } = await signedIn('publisher'));
  ({ browser: admin, id: adminId } = await signedIn('admin'));
});
afterAll(async () => {
  await api?.close();
});

const postForm = (data: object) => {
  const form = new FormData();
  form.set('postData', JSON.stringify(data));
  return form;
};
const newPost = (extra: object = {}) => {
  const suffix = uniqueSuffix();
  return {
    title: `Wpis ${suffix}`,
    slug: `wpis-${suffix}`,
    content: '<p>Treść wpisu, dość długa.</p>',
    ...extra,
  };
};

describe('IDOR: a publisher on another’s post and its revisions', () => {
  // Reading another's post in the panel (GET /admin/posts/{id}) is open to staff by design (docs/roles.md:
  // posts list all); everything that changes one, and its history, is the owner's.
  it('cannot change, hide, delete, restore or read the history of another’s post, by any id route', async () => {
    const foreign = (await (
      await admin.upload('POST', '/api/admin/posts', postForm(newPost({ published: true })))
    ).json()) as AdminPost;
    const before = await Post.findByPk(foreign.id, { rejectOnEmpty: true });
    const revisions = (await (
      await admin.call('GET', `/api/admin/posts/${foreign.id}/revisions`)
    ).json()) as { id: number }[];
    const revisionId = revisions[0]?.id ?? 1;
    const attempts: [string, string, unknown][] = [
      ['PATCH', `/api/admin/posts/${foreign.id}/toggle-visibility`, {}],
      ['GET', `/api/admin/posts/${foreign.id}/revisions`, undefined],
      ['GET', `/api/admin/posts/${foreign.id}/revisions/${revisionId}`, undefined],
      ['POST', `/api/admin/posts/${foreign.id}/revisions/${revisionId}/restore`, { version: before.version }],
      ['DELETE', `/api/admin/posts/${foreign.id}`, undefined],
    ];
    for (const [method, path, body] of attempts) {
      const res = await publisher.call(method, path, body);
      expect({ method, path, status: res.status }).toEqual({ method, path, status: 403 });
    }
    const update = await publisher.upload(
      'PUT',
      `/api/admin/posts/${foreign.id}`,
      postForm(newPost({ version: before.version })),
    );
    expect(update.status).toBe(403);
    const after = await Post.findByPk(foreign.id, { rejectOnEmpty: true });
    expect({ title: after.title, published: after.published, version: after.version }).toEqual({
      title: before.title,
      published: before.published,
      version: before.version,
    });
  });

  it('cannot reach another post’s revision through an own post’s id', async () => {
    const foreign = (await (
      await admin.upload('POST', '/api/admin/posts', postForm(newPost()))
    ).json()) as AdminPost;
    const foreignRevision = (
      (await (await admin.call('GET', `/api/admin/posts/${foreign.id}/revisions`)).json()) as { id: number }[]
    )[0]!;
    const own = (await (
      await publisher.upload('POST', '/api/admin/posts', postForm(newPost()))
    ).json()) as AdminPost;
    expect(
      (await publisher.call('GET', `/api/admin/posts/${own.id}/revisions/${foreignRevision.id}`)).status,
    ).toBe(404);
    const restore = await publisher.call(
      'POST',
      `/api/admin/posts/${own.id}/revisions/${foreignRevision.id}/restore`,
      {
        version: own.version,
      },
    );
    expect(restore.status).toBe(404);
    expect((await Post.findByPk(own.id, { rejectOnEmpty: true })).title).toBe(own.title);
  });

  it('a draft is no reader’s: not by slug, not by id, not its comments, no new comment on it', async () => {
    const draft = await buildPost({ published: false, categories: [await buildCategory()] });
    const reader = new TestBrowser(api, clientIp());
    for (const path of [
      `/api/posts/${draft.slug}`,
      `/api/posts/${draft.id}`,
      `/api/posts/${draft.id}/comments`,
    ])
      expect({ path, status: (await reader.call('GET', path)).status }).toEqual({ path, status: 404 });
    const comment = await reader.call('POST', `/api/posts/${draft.id}/comments`, {
      author: 'Ktoś',
      email: 'ktos@example.com',
      content: 'Komentarz do szkicu',
      postId: draft.id,
    });
    expect(comment.status).toBe(404);
    expect(await Comment.count({ where: { postId: draft.id } })).toBe(0);
  });
});

describe('mass assignment: fields a form does not offer are never taken', () => {
  const FORGED = {
    id: 999_999,
    role: 'admin',
    isActive: true,
    userId: 1,
    authorId: 1,
    version: 77,
    createdAt: '2001-01-01T00:00:00.000Z',
    updatedAt: '2001-01-01T00:00:00.000Z',
  };

  it('registration makes a subscriber, whatever the body says', async () => {
    const username = `rejestracja${uniqueSuffix()}`.slice(0, 30);
    const res = await new TestBrowser(api, clientIp()).call('POST', '/api/register', {
      username,
      email: `${username}@example.com`,
      password: 'Mocne-Hasło-123',
      ...FORGED,
    });
    if (res.status === 400) return; // refused outright is as good
    expect(res.status).toBe(201);
    const user = await User.findOne({ where: { username }, rejectOnEmpty: true });
    expect({ role: user.role, id: user.id === FORGED.id, year: user.createdAt.getFullYear() }).toEqual({
      role: 'subscriber',
      id: false,
      year: new Date().getFullYear(),
    });
  });

  it('a publisher’s new and edited post stays theirs, with its own id, version and dates', async () => {
    const created = await publisher.upload(
      'POST',
      '/api/admin/posts',
      postForm(newPost({ ...FORGED, userId: adminId, authorId: adminId })),
    );
    expect([201, 400]).toContain(created.status);
    if (created.status !== 201) return;
    const post = (await created.json()) as AdminPost;
    const row = await Post.findByPk(post.id, { rejectOnEmpty: true });
    expect({
      owner: row.userId,
      id: row.id === FORGED.id,
      version: row.version,
      year: row.createdAt.getFullYear(),
    }).toEqual({
      owner: publisherId,
      id: false,
      version: 1,
      year: new Date().getFullYear(),
    });
    const edited = await publisher.upload(
      'PUT',
      `/api/admin/posts/${post.id}`,
      postForm(newPost({ ...FORGED, userId: adminId, version: row.version })),
    );
    expect([200, 400]).toContain(edited.status);
    expect((await row.reload()).userId).toBe(publisherId);
  });

  it('an admin editing a user cannot set the id, the password hash or the dates; a comment, a category and a subscription take only their fields', async () => {
    const victim = await buildUser({ role: 'subscriber' });
    const before = await User.findByPk(victim.id, { rejectOnEmpty: true });
    await admin.call('PATCH', `/api/admin/users/${victim.id}`, {
      displayName: 'Nowa',
      ...FORGED,
      role: 'subscriber',
      passwordHash: 'x',
      resetTokenHash: 'y',
      username: 'przejety',
    });
    const after = await User.findByPk(victim.id, { rejectOnEmpty: true });
    expect({
      username: after.username,
      hash: after.passwordHash === before.passwordHash,
      reset: after.resetTokenHash,
    }).toEqual({ username: before.username, hash: true, reset: before.resetTokenHash });

    const post = await buildPost({ published: true, categories: [await buildCategory()] });
    const other = await buildPost({ published: true, categories: [await buildCategory()] });
    const comment = await new TestBrowser(api, clientIp()).call('POST', `/api/posts/${post.id}/comments`, {
      author: 'Ktoś',
      email: 'ktos@example.com',
      content: 'Komentarz z dodatkami',
      postId: post.id,
      ...FORGED,
      approved: true,
    });
    if (comment.status === 201) {
      const stored = await Comment.findOne({
        where: { content: 'Komentarz z dodatkami' },
        rejectOnEmpty: true,
      });
      expect({ post: stored.postId, id: stored.id === FORGED.id }).toEqual({ post: post.id, id: false });
    }
    expect(await Comment.count({ where: { postId: other.id } })).toBe(0);

    const category = await admin.call('POST', '/api/admin/categories', {
      name: `Kat ${uniqueSuffix()}`,
      ...FORGED,
      enabled: false,
    });
    if (category.status === 201) {
      const row = await Category.findByPk(((await category.json()) as { id: number }).id, {
        rejectOnEmpty: true,
      });
      expect({ id: row.id === FORGED.id, year: row.createdAt.getFullYear() }).toEqual({
        id: false,
        year: new Date().getFullYear(),
      });
    }

    const target = await buildCategory();
    const email = `masowy-${uniqueSuffix()}@example.com`;
    await new TestBrowser(api, clientIp()).call('POST', '/api/subscribe', {
      email,
      categoryId: target.id,
      consent: true,
      ...FORGED,
      active: false,
    });
    const subscription = await UserSubscription.findOne({ where: { email } });
    if (subscription)
      expect({ user: subscription.userId, id: subscription.id === FORGED.id }).toEqual({
        user: null,
        id: false,
      });
  });
});
