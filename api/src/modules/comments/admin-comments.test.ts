import type { AdminCommentPage, ContactMessage as ContactMessageBody } from '@blog/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TestBrowser } from '../../../test/browser.ts';
import { buildComment, buildContactMessage, buildPost, buildUser } from '../../../test/factories.ts';
import { startTestApi, type TestApi } from '../../../test/harness.ts';
import { clientIp, readError } from '../../../test/http.ts';
import { Comment } from './comment.model.ts';

const PASSWORD = 'Dobre-Hasło1';
let api: TestApi;
let publisher: TestBrowser;
let admin: TestBrowser;

beforeAll(async () => {
  api = await startTestApi({ TRUST_PROXY: '1' });
  publisher = new TestBrowser(api, clientIp());
  await publisher.signIn((await buildUser({ role: 'publisher', password: PASSWORD })).username, PASSWORD);
  admin = new TestBrowser(api, clientIp());
  await admin.signIn((await buildUser({ role: 'admin', password: PASSWORD })).username, PASSWORD);
});
afterAll(async () => {
  await api?.close();
});

describe('comment moderation', () => {
  it('lists comments newest first with the e-mail and the post’s title and slug', async () => {
    const post = await buildPost({ published: false });
    const older = await buildComment({ post, createdAt: new Date(Date.now() + 60_000) });
    const newer = await buildComment({ post, createdAt: new Date(Date.now() + 120_000) });
    const res = await publisher.call('GET', '/api/admin/comments');
    expect(res.status).toBe(200);
    const comments = ((await res.json()) as AdminCommentPage).items;
    const ids = comments.map((comment) => comment.id);
    expect(ids.indexOf(newer.id)).toBeLessThan(ids.indexOf(older.id));
    expect(comments.find((comment) => comment.id === older.id)).toEqual({
      id: older.id,
      postId: post.id,
      author: older.author,
      email: older.email,
      content: older.content,
      status: 'approved',
      createdAt: older.createdAt.toISOString(),
      post: { id: post.id, title: post.title, slug: post.slug },
    });
  });

  it('deletes one comment (404 when it is gone)', async () => {
    const comment = await buildComment();
    const res = await publisher.call('DELETE', `/api/admin/comments/${comment.id}`);
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({ message: 'Komentarz został usunięty' });
    const again = await publisher.call('DELETE', `/api/admin/comments/${comment.id}`);
    expect(again.status).toBe(404);
    expect(await readError(again)).toEqual({
      error: 'not_found',
      message: 'Komentarz nie został znaleziony.',
    });
  });

  it('deletes several at once, skipping ids that do not exist', async () => {
    const [a, b, keep] = [await buildComment(), await buildComment(), await buildComment()];
    const res = await publisher.call('POST', '/api/admin/comments/bulk-delete', {
      ids: [a.id, b.id, b.id, 2_147_483_000],
    });
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({ message: 'Komentarze zostały usunięte', deleted: 2 });
    expect(await Comment.count({ where: { id: [a.id, b.id] } })).toBe(0);
    expect(await Comment.findByPk(keep.id)).not.toBeNull();
  });

  it.each([
    [{}],
    [{ ids: [] }],
    [{ ids: 'wszystkie' }],
    [{ ids: [1, 'x'] }],
    [{ ids: [0] }],
    [{ ids: [1.5] }],
    [{ ids: [2_147_483_648] }],
    [{ ids: Array.from({ length: 501 }, (_, i) => i + 1) }],
  ])('refuses %j with 400 and deletes nothing', async (body) => {
    const comment = await buildComment();
    const res = await publisher.call('POST', '/api/admin/comments/bulk-delete', body);
    expect(res.status).toBe(400);
    expect(await readError(res)).toMatchObject({
      error: 'validation_failed',
      message: 'Podaj listę identyfikatorów komentarzy (od 1 do 500).',
      field: 'ids',
    });
    expect(await Comment.findByPk(comment.id)).not.toBeNull();
  });
});

describe('GET /api/admin/contact-messages', () => {
  it('gives admins the messages, newest first', async () => {
    const message = await buildContactMessage();
    const res = await admin.call('GET', '/api/admin/contact-messages');
    expect(res.status).toBe(200);
    const messages = (await res.json()) as ContactMessageBody[];
    expect(messages.find((m) => m.id === message.id)).toEqual({
      id: message.id,
      name: message.name,
      email: message.email,
      message: message.message,
      createdAt: message.createdAt.toISOString(),
    });
    expect((await publisher.call('GET', '/api/admin/contact-messages')).status).toBe(403);
  });
});
