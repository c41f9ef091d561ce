import type { CreatedComment, PostDetail } from '@blog/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildCategory, buildPost } from '../../../test/factories.ts';
import { startTestApi, type TestApi } from '../../../test/harness.ts';
import { clientIp, clientIpv6Network, readError } from '../../../test/http.ts';
import { SETTING_KEYS } from '../settings/setting-keys.ts';
import { SiteSetting } from '../settings/site-setting.model.ts';
import { Comment } from './comment.model.ts';

let api: TestApi;
beforeAll(async () => {
  api = await startTestApi({ TRUST_PROXY: '1' });
});
afterAll(async () => {
  await api?.close();
});

const visiblePost = async () => buildPost({ categories: [await buildCategory()] });
const valid = { author: 'Ola', email: 'ola@example.com', content: 'Świetny tekst, dzięki!' };
const comment = (postId: number | string, body: unknown, ip = clientIp()) =>
  api.send('POST', `/api/posts/${postId}/comments`, body, { ip });

describe('POST /api/posts/{postId}/comments', () => {
  it('adds a comment that shows on the post, without the e-mail address', async () => {
    const post = await visiblePost();
    const res = await comment(post.id, {
      ...valid,
      content: '  <b>Pogrubione?</b> Nie tutaj.  ',
      postId: post.id,
    });
    expect(res.status).toBe(201);
    const { status, ...created } = (await res.json()) as CreatedComment;
    // The approval queue is off by default: the comment is public at once.
    expect(status).toBe('approved');
    expect(created).toEqual({
      id: expect.any(Number),
      postId: post.id,
      author: 'Ola',
      content: '<b>Pogrubione?</b> Nie tutaj.',
      createdAt: expect.any(String),
    });
    const detail = (await (await api.fetch(`/api/posts/${post.slug}`)).json()) as PostDetail;
    expect(detail.comments.at(-1)).toEqual(created);
    expect(JSON.stringify(detail)).not.toContain('ola@example.com');
    expect((await Comment.findByPk(created.id))?.email).toBe('ola@example.com');
  });

  it.each([
    ['author', { ...valid, author: 'A' }, 'Name must be at least 2 characters'],
    ['author', { email: valid.email, content: valid.content }, 'Name must be at least 2 characters'],
    ['email', { ...valid, email: 'nie-email' }, 'Invalid email address'],
    ['content', { ...valid, content: ' ab ' }, 'Comment must be at least 3 characters'],
    ['content', { ...valid, content: 'x'.repeat(5001) }, 'Komentarz może mieć najwyżej 5000 znaków'],
  ])('rejects a bad %s with its rule’s message and stores nothing', async (field, body, message) => {
    const post = await visiblePost();
    const res = await comment(post.id, body);
    expect(res.status).toBe(400);
    expect(await readError(res)).toEqual({ error: 'validation_failed', message, field });
    expect(await Comment.count({ where: { postId: post.id } })).toBe(0);
  });

  // Bidi controls reorder what a reader sees ('Ala\u202Enimda' shows as 'Alaadmin'); zero-width
  // characters make two names look the same. Both are refused, never silently stripped.
  it.each([
    ['RLO', 'Ala\u202Enimda'],
    ['LRE', '\u202Aadmin'],
    ['PDF', 'Ala\u202C'],
    ['LRO', 'Ala\u202D'],
    ['RLE', 'Ala\u202B'],
    ['LRI', 'Ala\u2066x'],
    ['RLI', 'Ala\u2067x'],
    ['FSI', 'Ala\u2068x'],
    ['PDI', 'Ala\u2069x'],
    ['LRM', 'Ala\u200Ex'],
    ['RLM', 'Ala\u200Fx'],
    ['ALM', 'Ala\u061Cx'],
    ['ZWSP', 'Ad\u200Bmin'],
    ['ZWNJ', 'Ad\u200Cmin'],
    ['ZWJ', 'Ad\u200Dmin'],
    ['WJ', 'Ad\u2060min'],
    ['BOM', 'Ad\uFEFFmin'],
    ['a line break', 'Ola\n2026-11-27T10:00:00.000Z ERROR'],
    ['a line separator', 'Ola\u2028x'],
  ])('refuses an author name with %s in it and stores nothing', async (_name, author) => {
    const post = await visiblePost();
    const res = await comment(post.id, { ...valid, author });
    expect(res.status).toBe(400);
    expect(await readError(res)).toEqual({
      error: 'validation_failed',
      field: 'author',
      message:
        'Imię nie może zawierać znaków sterujących (np. nowej linii), niewidocznych znaków ani znaków zmieniających kierunek tekstu',
    });
    expect(await Comment.count({ where: { postId: post.id } })).toBe(0);
  });

  it('keeps accepting names in any script, with diacritics and emoji', async () => {
    const post = await visiblePost();
    for (const author of ['Łucja Żółć', 'محمد', 'יעל', 'Ola 🙂']) {
      const res = await comment(post.id, { ...valid, author });
      expect(res.status, author).toBe(201);
    }
  });

  it('accepts a body postId equal to the address and refuses another one', async () => {
    const [post, other] = [await visiblePost(), await visiblePost()];
    expect((await comment(post.id, { ...valid, postId: String(post.id) })).status).toBe(201);
    for (const postId of [other.id, 0, 'abc']) {
      const res = await comment(post.id, { ...valid, postId });
      expect(res.status).toBe(400);
      expect(await readError(res)).toMatchObject({ error: 'validation_failed', field: 'postId' });
    }
    const mismatch = await comment(post.id, { ...valid, postId: other.id });
    expect((await readError(mismatch)).message).toBe(
      'Identyfikator posta w treści nie zgadza się z adresem.',
    );
    expect(await Comment.count({ where: { postId: other.id } })).toBe(0);
  });

  it('answers 400, not 500, for NUL bytes and wrong types', async () => {
    const post = await visiblePost();
    for (const body of [{ ...valid, content: 'zły \u0000 bajt' }, { ...valid, author: 42 }, [], 'null']) {
      const res = await comment(post.id, body);
      expect(res.status).toBe(400);
      expect((await readError(res)).message).toEqual(expect.any(String));
    }
  });

  it('answers 404 for a hidden or unknown post and 400 for a bad id', async () => {
    const draft = await buildPost({ published: false, categories: [await buildCategory()] });
    expect((await comment(draft.id, valid)).status).toBe(404);
    expect((await comment(2_000_000_000, valid)).status).toBe(404);
    const bad = await comment('abc', valid);
    expect(bad.status).toBe(400);
    expect(await readError(bad)).toMatchObject({ field: 'postId' });
    expect((await comment('99999999999', valid)).status).toBe(400);
  });

  it('refuses comments while they are switched off in settings', async () => {
    const post = await visiblePost();
    await SiteSetting.upsert({ key: SETTING_KEYS.commentsEnabled, value: 'false' });
    try {
      const res = await comment(post.id, valid);
      expect(res.status).toBe(403);
      expect(await readError(res)).toEqual({
        error: 'forbidden',
        message: 'Komentarze są obecnie wyłączone.',
      });
    } finally {
      await SiteSetting.destroy({ where: { key: SETTING_KEYS.commentsEnabled } });
    }
  });

  it('refuses a comment without a valid CSRF token', async () => {
    const post = await visiblePost();
    const headers = { 'content-type': 'application/json' };
    const attempts: Record<string, string>[] = [
      {},
      { 'x-csrf-token': 'forged' },
      { cookie: (await api.csrfHeaders()).cookie },
    ];
    for (const extra of attempts) {
      const res = await api.fetch(`/api/posts/${post.id}/comments`, {
        method: 'POST',
        headers: { ...headers, ...extra },
        body: JSON.stringify(valid),
      });
      expect(res.status).toBe(403);
      expect((await readError(res)).error).toBe('csrf_failed');
    }
    expect(await Comment.count({ where: { postId: post.id } })).toBe(0);
  });

  it('limits comments per client: the sixth within five minutes gets 429 with Retry-After', async () => {
    const post = await visiblePost();
    const ip = clientIp();
    for (let i = 0; i < 5; i++) expect((await comment(post.id, valid, ip)).status).toBe(201);
    const limited = await comment(post.id, valid, ip);
    expect(limited.status).toBe(429);
    expect(Number(limited.headers.get('retry-after'))).toBeGreaterThan(0);
    expect(await readError(limited)).toEqual({
      error: 'rate_limited',
      message: 'Zbyt wiele komentarzy w krótkim czasie. Spróbuj ponownie za kilka minut.',
    });
    expect((await comment(post.id, valid, clientIp())).status).toBe(201);
  });

  it('limits comments per IPv6 /64: walking through the network’s addresses buys no more', async () => {
    const post = await visiblePost();
    const network = clientIpv6Network();
    for (let host = 1; host <= 5; host++)
      expect((await comment(post.id, valid, network.host(host))).status).toBe(201);
    expect((await comment(post.id, valid, network.host(6))).status).toBe(429);
    expect((await comment(post.id, valid, clientIpv6Network().host(1))).status).toBe(201);
  });

  it('counts an IPv4 address the same however it is written, and apart from its neighbours', async () => {
    const post = await visiblePost();
    const ip = clientIp();
    for (let i = 0; i < 5; i++) expect((await comment(post.id, valid, ip)).status).toBe(201);
    expect((await comment(post.id, valid, `::ffff:${ip}`)).status).toBe(429);
    const neighbour = ip.replace(/\.(\d+)$/, (_, last: string) => `.${(Number(last) % 254) + 1}`);
    expect((await comment(post.id, valid, neighbour)).status).toBe(201);
  });
});
