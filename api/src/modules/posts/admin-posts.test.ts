// The posts admin API: create, list/read, edit, delete and toggle-visibility. Uploaded images are
// in admin-post-images.test.ts.
import type { AdminPost, AdminPostPage } from '@blog/shared';
import { QueryTypes } from 'sequelize';
import { describe, expect, it } from 'vitest';
import { buildCategory, buildPost, buildTag } from '../../../test/factories.ts';
import { readError } from '../../../test/http.ts';
import {
  admin,
  api,
  create,
  png,
  postForm,
  publisher,
  publisherUser,
  useAdminPostsApi,
  validInput,
} from '../../../test/admin-posts.fixtures.ts';
import { Post } from './post.model.ts';

useAdminPostsApi();

describe('POST /api/admin/posts', () => {
  it('creates a post by the signed-in user with sanitized content, tags, categories and search text', async () => {
    const category = await buildCategory();
    const existingTag = await buildTag();
    const input = validInput({
      content:
        '<h2 style="text-align: center">Śródtytuł</h2><p onclick="x()">Jeden dwa trzy cztery</p><script>alert(1)</script>',
      categories: [category.id, category.id],
      tags: [existingTag.name.toUpperCase(), ' nowy-tag ', 'NOWY-TAG'],
      published: false,
    });
    const res = await create(publisher, input);
    expect(res.status).toBe(201);
    const post = (await res.json()) as AdminPost;
    expect(post).toMatchObject({
      title: input.title,
      slug: input.slug,
      excerpt: 'Krótka zajawka',
      published: false,
      imageUrl: null,
      userId: publisherUser.id,
      author: { displayName: 'Pani Redaktor', username: publisherUser.username, role: 'publisher' },
      categories: [category.id],
      content: '<h2 style="text-align: center">Śródtytuł</h2><p>Jeden dwa trzy cztery</p>',
    });
    expect([...post.tags].sort()).toEqual([existingTag.name, 'nowy-tag'].sort());
    const [row] = await api.runtime.sequelize.query<{
      content_text: string;
      word_count: number;
    }>('SELECT content_text, word_count FROM posts WHERE id = :id', {
      type: QueryTypes.SELECT,
      replacements: { id: post.id },
    });
    expect(row).toMatchObject({ content_text: 'Śródtytuł Jeden dwa trzy cztery', word_count: 5 });
  });

  it('is published by default and then shows on the public side', async () => {
    const category = await buildCategory();
    const res = await create(admin, validInput({ categories: [category.id] }));
    const post = (await res.json()) as AdminPost;
    expect(post.published).toBe(true);
    expect((await api.fetch(`/api/posts/${post.slug}`)).status).toBe(200);
  });

  it.each([
    ['title', { title: 'ab' }, 'Tytuł musi mieć co najmniej 3 znaki'],
    ['title', { title: '   ' }, 'Tytuł musi mieć co najmniej 3 znaki'],
    ['slug', { slug: 'ab' }, 'Slug musi mieć co najmniej 3 znaki'],
    ['slug', { slug: 'Zły Slug' }, 'Slug może zawierać tylko małe litery, cyfry i myślniki'],
    ['slug', { slug: 'a--b-c' }, 'Slug może zawierać tylko małe litery, cyfry i myślniki'],
    ['content', { content: 'krótko' }, 'Treść musi mieć co najmniej 10 znaków'],
    [
      'content',
      { content: '<script>alert("długi skrypt")</script>' },
      'Treść musi mieć co najmniej 10 znaków',
    ],
    ['categories', { categories: [0] }, 'Nieprawidłowa lista kategorii'],
    ['categories', { categories: [2_147_483_000] }, 'Wybrana kategoria nie istnieje.'],
    ['tags', { tags: ['x'.repeat(51)] }, 'Nieprawidłowa lista tagów (najwyżej 30 tagów po 50 znaków)'],
    // Dots only would be path segments in /tag/{name}: /tag/.. is another page.
    [
      'tags',
      { tags: ['dobry', '.'] },
      'Tag nie może składać się z samych kropek ani zawierać znaków sterujących (np. nowej linii)',
    ],
    [
      'tags',
      { tags: [' .. '] },
      'Tag nie może składać się z samych kropek ani zawierać znaków sterujących (np. nowej linii)',
    ],
    [
      'tags',
      { tags: ['...'] },
      'Tag nie może składać się z samych kropek ani zawierać znaków sterujących (np. nowej linii)',
    ],
    [
      'tags',
      { tags: ['zły\ntag'] },
      'Tag nie może składać się z samych kropek ani zawierać znaków sterujących (np. nowej linii)',
    ],
    ['imageUrl', { imageUrl: 'javascript:alert(1)' }, 'Nieprawidłowy adres obrazu'],
    ['imageUrl', { imageUrl: '/uploads/nie-ma-takiego.webp' }, 'Nieprawidłowy adres obrazu'],
    ['published', { published: 'tak' }, 'Nieprawidłowy status publikacji'],
  ])('answers 400 on %s: %j', async (field, overrides, message) => {
    const res = await create(admin, validInput(overrides));
    expect(res.status).toBe(400);
    expect(await readError(res)).toEqual({ error: 'validation_failed', message, field });
  });

  it.each([
    ['no postData', undefined],
    ['postData that is not JSON', '{"title": '],
    ['postData that is a JSON string', '"tekst"'],
  ])('answers 400 for %s', async (_name, postData) => {
    const form = new FormData();
    if (postData !== undefined) form.set('postData', postData);
    const res = await admin.upload('POST', '/api/admin/posts', form);
    expect(res.status).toBe(400);
    const error = await readError(res);
    expect(error.message).toMatch(/postData|Nieprawidłowe dane/);
  });

  it('refuses a NUL character inside postData with 400 and stores nothing, on create and on edit', async () => {
    const nul = { error: 'bad_request', field: 'postData', message: 'Dane zawierają niedozwolony znak.' };
    for (const field of ['title', 'content', 'excerpt', 'slug']) {
      const input = validInput();
      // JSON's own escape (JSON.stringify writes NUL as \u0000): the multipart text has no NUL
      // byte, the parsed value has one.
      const value = (input as Record<string, string>)[field]!;
      const postData = JSON.stringify({ ...input, [field]: `${value.slice(0, 3)}\u0000${value.slice(3)}` });
      expect(postData, field).toContain('\\u0000');
      expect(postData, field).not.toContain('\u0000');
      const res = await admin.upload('POST', '/api/admin/posts', postForm(postData));
      expect(res.status, field).toBe(400);
      expect(await readError(res)).toEqual(nul);
      expect(await Post.count({ where: { title: input.title } })).toBe(0);
    }
    const created = (await (await create(admin, validInput())).json()) as AdminPost;
    const edit = await admin.upload(
      'PUT',
      `/api/admin/posts/${created.id}`,
      postForm(`{"title":"Zmieniony\\u0000","slug":"${created.slug}","content":"<p>Nowa treść wpisu.</p>"}`),
    );
    expect(edit.status).toBe(400);
    expect(await readError(edit)).toEqual(nul);
    expect((await Post.findByPk(created.id))?.title).toBe(created.title);
    // A NUL byte itself in the multipart text is refused too, in postData or any other field.
    const raw = new FormData();
    raw.set('postData', JSON.stringify(validInput()));
    raw.set('note', 'a\u0000b');
    const rawRes = await admin.upload('POST', '/api/admin/posts', raw);
    expect(rawRes.status).toBe(400);
    expect((await readError(rawRes)).message).toBe('Dane zawierają niedozwolony znak.');
    const input = validInput();
    const named = await create(admin, input, {
      bytes: await png(40, 30),
      name: 'okładka\u0000.png',
      type: 'image/png',
    });
    expect(named.status).toBe(400);
    // busboy refuses a NUL in a part's headers (here the file name) as a malformed form.
    expect(await readError(named)).toEqual({
      error: 'bad_request',
      message: 'Nieprawidłowe dane formularza.',
    });
    expect(await Post.count({ where: { title: input.title } })).toBe(0);
  });

  it('answers 415 to a JSON body and 400 to a broken multipart body', async () => {
    const json = await admin.call('POST', '/api/admin/posts', validInput());
    expect(json.status).toBe(415);
    expect((await readError(json)).error).toBe('unsupported_media_type');
    const token = ((await (await admin.call('GET', '/api/csrf-token')).json()) as { csrfToken: string })
      .csrfToken;
    const broken = await admin.raw('POST', '/api/admin/posts', {
      headers: { 'content-type': 'multipart/form-data; boundary=XYZ', 'x-csrf-token': token },
      body: '--XYZ\r\nContent-Disposition: form-data; name="postData"\r\n\r\n{"title"',
    });
    expect(broken.status).toBe(400);
    expect(await readError(broken)).toEqual({
      error: 'bad_request',
      message: 'Nieprawidłowe dane formularza.',
    });
  });

  it('answers 409 on a taken slug, with the field', async () => {
    const existing = await buildPost();
    const res = await create(admin, validInput({ slug: existing.slug }));
    expect(res.status).toBe(409);
    expect(await readError(res)).toEqual({
      error: 'conflict',
      message: 'Ten slug jest już zajęty.',
      field: 'slug',
    });
  });
});

describe('GET /api/admin/posts and /api/admin/posts/{id}', () => {
  it('lists drafts and hidden posts with author and every category id; reads one with its body', async () => {
    const hidden = await buildCategory({ enabled: false });
    const post = await buildPost({ author: publisherUser, categories: [hidden], published: false });
    const res = await admin.call('GET', `/api/admin/posts?author=${publisherUser.id}&limit=100`);
    expect(res.status).toBe(200);
    const item = ((await res.json()) as AdminPostPage).items.find((p) => p.id === post.id);
    expect(item).toMatchObject({
      published: false,
      userId: publisherUser.id,
      author: { username: publisherUser.username },
      categories: [hidden.id],
    });
    expect(item).not.toHaveProperty('content');

    const one = await publisher.call('GET', `/api/admin/posts/${post.id}`);
    expect(one.status).toBe(200);
    expect(((await one.json()) as AdminPost).content).toBe(post.content);
    const missing = await admin.call('GET', '/api/admin/posts/2147483000');
    expect(missing.status).toBe(404);
    expect(await readError(missing)).toEqual({ error: 'not_found', message: 'Post nie został znaleziony' });
  });
});

describe('PUT /api/admin/posts/{id}', () => {
  it('lets a publisher edit their own post and refuses another author’s with 403', async () => {
    const own = await buildPost({ author: publisherUser });
    const foreign = await buildPost();
    const ok = await publisher.upload(
      'PUT',
      `/api/admin/posts/${own.id}`,
      postForm(validInput({ slug: own.slug })),
    );
    expect(ok.status).toBe(200);
    const denied = await publisher.upload('PUT', `/api/admin/posts/${foreign.id}`, postForm(validInput()));
    expect(denied.status).toBe(403);
    expect(await readError(denied)).toEqual({
      error: 'forbidden',
      message: 'Możesz zmieniać tylko własne posty.',
    });
    const deleteDenied = await publisher.call('DELETE', `/api/admin/posts/${foreign.id}`);
    expect(deleteDenied.status).toBe(403);
    const toggleDenied = await publisher.call('PATCH', `/api/admin/posts/${foreign.id}/toggle-visibility`);
    expect(toggleDenied.status).toBe(403);
    expect(await Post.findByPk(foreign.id)).not.toBeNull();
  });

  it('keeps absent optional fields, replaces given lists and answers 409 on another post’s slug', async () => {
    const [a, b] = [await buildCategory(), await buildCategory()];
    const tag = await buildTag();
    const post = await buildPost({
      categories: [a],
      tags: [tag],
      published: false,
      imageUrl: 'https://example.com/a.png',
    });
    const res = await admin.upload(
      'PUT',
      `/api/admin/posts/${post.id}`,
      postForm({
        title: 'Zmieniony tytuł',
        slug: post.slug,
        content: '<p>Nowa treść wpisu tutaj.</p>',
        categories: [b.id],
      }),
    );
    expect(res.status).toBe(200);
    expect(await res.json()).toMatchObject({
      title: 'Zmieniony tytuł',
      published: false,
      excerpt: post.excerpt,
      imageUrl: 'https://example.com/a.png',
      categories: [b.id],
      tags: [tag.name],
    });
    const other = await buildPost();
    const clash = await admin.upload(
      'PUT',
      `/api/admin/posts/${post.id}`,
      postForm(validInput({ slug: other.slug })),
    );
    expect(clash.status).toBe(409);
    expect((await readError(clash)).field).toBe('slug');
    const missing = await admin.upload('PUT', '/api/admin/posts/2147483000', postForm(validInput()));
    expect(missing.status).toBe(404);
  });
});

describe('DELETE and toggle-visibility', () => {
  it('deletes a post (404 after)', async () => {
    const post = await buildPost({ categories: [await buildCategory()] });
    const res = await admin.call('DELETE', `/api/admin/posts/${post.id}`);
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({ message: 'Post został usunięty' });
    expect((await admin.call('DELETE', `/api/admin/posts/${post.id}`)).status).toBe(404);
    expect((await api.fetch(`/api/posts/${post.slug}`)).status).toBe(404);
  });

  it('switches published ⇄ draft, and refuses a post without categories with 409', async () => {
    const post = await buildPost({ categories: [await buildCategory()] });
    const off = await admin.call('PATCH', `/api/admin/posts/${post.id}/toggle-visibility`);
    expect(await off.json()).toEqual({ id: post.id, published: false });
    expect((await api.fetch(`/api/posts/${post.slug}`)).status).toBe(404);
    const on = await admin.call('PATCH', `/api/admin/posts/${post.id}/toggle-visibility`);
    expect(await on.json()).toEqual({ id: post.id, published: true });

    const bare = await buildPost({ published: false });
    const refused = await admin.call('PATCH', `/api/admin/posts/${bare.id}/toggle-visibility`);
    expect(refused.status).toBe(409);
    expect(await readError(refused)).toEqual({
      error: 'conflict',
      message: 'Post bez kategorii nie może zostać opublikowany.',
    });
    expect((await admin.call('PATCH', '/api/admin/posts/2147483000/toggle-visibility')).status).toBe(404);
  });
});
