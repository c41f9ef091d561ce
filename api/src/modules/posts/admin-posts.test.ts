import { access } from 'node:fs/promises';
import path from 'node:path';
import type { AdminPost, AdminPostListItem } from '@blog/openapi';
import { imageSrcset, parseUploadedImage } from '@blog/openapi/rules';
import { QueryTypes } from 'sequelize';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TestBrowser } from '../../test/browser.ts';
import { buildCategory, buildPost, buildTag, buildUser, uniqueSuffix } from '../../test/factories.ts';
import { startTestApi, type TestApi } from '../../test/harness.ts';
import { clientIp, readError } from '../../test/http.ts';
import { readContentVersion } from '../public-cache/content-version.ts';
import type { User } from '../users/user.model.ts';
import { Post } from './post.model.ts';

const PASSWORD = 'Dobre-Hasło1';
let api: TestApi;
let admin: TestBrowser;
let publisher: TestBrowser;
let publisherUser: User;

beforeAll(async () => {
  api = await startTestApi({ TRUST_PROXY: '1' });
  const adminUser = await buildUser({ role: 'admin', password: PASSWORD });
  publisherUser = await buildUser({ role: 'publisher', password: PASSWORD, displayName: 'Pani Redaktor' });
  admin = new TestBrowser(api, clientIp());
  await admin.signIn(adminUser.username, PASSWORD);
  publisher = new TestBrowser(api, clientIp());
  await publisher.signIn(publisherUser.username, PASSWORD);
});
afterAll(async () => {
  await api?.close();
});

const validInput = (overrides: Record<string, unknown> = {}) => {
  const suffix = uniqueSuffix();
  return {
    title: `Nowy wpis ${suffix}`,
    slug: `nowy-wpis-${suffix}`,
    content: '<p>Treść nowego wpisu, <strong>pogrubiona</strong> i dość długa.</p>',
    excerpt: 'Krótka zajawka',
    ...overrides,
  };
};

function postForm(input: unknown, image?: { bytes: Buffer; name: string; type: string }): FormData {
  const form = new FormData();
  form.set('postData', typeof input === 'string' ? input : JSON.stringify(input));
  if (image) form.set('image', new Blob([new Uint8Array(image.bytes)], { type: image.type }), image.name);
  return form;
}

const png = (width: number, height: number) =>
  sharp({ create: { width, height, channels: 3, background: '#2e86de' } })
    .png()
    .toBuffer();

const uploadsFile = (fileName: string) => path.join(api.config.uploadsDir, fileName);
const fileExists = (fileName: string) =>
  access(uploadsFile(fileName)).then(
    () => true,
    () => false,
  );
const filesOf = (imageUrl: string) => {
  const image = parseUploadedImage(imageUrl)!;
  return [480, 960, 1600]
    .filter((w) => w < image.width)
    .map((w) => `${image.id}-${w}w.webp`)
    .concat(imageUrl.slice(9));
};

async function create(browser: TestBrowser, input: unknown, image?: Parameters<typeof postForm>[1]) {
  return browser.upload('POST', '/api/admin/posts', postForm(input, image));
}

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
    const before = await readContentVersion(api.runtime);
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
      search_text: string;
    }>('SELECT content_text, word_count, search_text FROM posts WHERE id = :id', {
      type: QueryTypes.SELECT,
      replacements: { id: post.id },
    });
    expect(row).toMatchObject({ content_text: 'Śródtytuł Jeden dwa trzy cztery', word_count: 5 });
    expect(row!.search_text).toContain('śródtytuł jeden dwa');
    expect(await readContentVersion(api.runtime)).toBeGreaterThan(before);
  });

  it('is published by default and then shows on the public side', async () => {
    const category = await buildCategory();
    const res = await create(admin, validInput({ categories: [category.id] }));
    const post = (await res.json()) as AdminPost;
    expect(post.published).toBe(true);
    expect((await api.fetch(`/api/posts/${post.slug}`)).status).toBe(200);
  });

  it('stores an uploaded image re-encoded in web widths, upright and without metadata', async () => {
    // A 2400×1200 JPEG stored on its side (EXIF orientation 6) with a camera comment.
    const jpeg = await sharp({ create: { width: 2400, height: 1200, channels: 3, background: '#e74c3c' } })
      .jpeg()
      .withMetadata({ orientation: 6, exif: { IFD0: { Copyright: 'Sekret Aparatu' } } })
      .toBuffer();
    const res = await create(admin, validInput(), {
      bytes: jpeg,
      name: 'zdjęcie z wakacji.jpg',
      type: 'image/jpeg',
    });
    expect(res.status).toBe(201);
    const post = (await res.json()) as AdminPost;
    // Upright it is 1200 wide: stored at 1200 with the 480 and 960 variants.
    expect(post.imageUrl).toMatch(/^\/uploads\/[a-f0-9]{32}-1200w\.webp$/);
    const image = parseUploadedImage(post.imageUrl)!;
    expect(imageSrcset(post.imageUrl)).toBe(
      `/api/images/${image.id}-480w.webp 480w, /api/images/${image.id}-960w.webp 960w, /api/images/${image.id}-1200w.webp 1200w`,
    );
    for (const [fileName, width] of [
      [`${image.id}-480w.webp`, 480],
      [`${image.id}-960w.webp`, 960],
      [`${image.id}-1200w.webp`, 1200],
    ] as const) {
      const served = await api.fetch(`/api/images/${fileName}`);
      expect(served.status).toBe(200);
      expect(served.headers.get('content-type')).toBe('image/webp');
      const meta = await sharp(Buffer.from(await served.arrayBuffer())).metadata();
      expect(meta).toMatchObject({ format: 'webp', width, height: width * 2 });
      expect(meta.exif).toBeUndefined();
      expect(meta.orientation).toBeUndefined();
    }
  });

  it('never enlarges a small image and makes no variant wider than it', async () => {
    const res = await create(admin, validInput(), {
      bytes: await png(300, 200),
      name: 'mały.png',
      type: 'image/png',
    });
    const post = (await res.json()) as AdminPost;
    expect(post.imageUrl).toMatch(/-300w\.webp$/);
    expect(filesOf(post.imageUrl!)).toHaveLength(1);
    expect(await fileExists(filesOf(post.imageUrl!)[0]!)).toBe(true);
  });

  it('refuses an image over 5 MB with 413', async () => {
    const big = Buffer.concat([await png(10, 10), Buffer.alloc(5 * 1024 * 1024)]);
    const res = await create(admin, validInput(), { bytes: big, name: 'duży.png', type: 'image/png' });
    expect(res.status).toBe(413);
    expect(await readError(res)).toEqual({
      error: 'payload_too_large',
      message: 'Obraz może mieć najwyżej 5 MB.',
      field: 'image',
    });
  });

  it.each([
    ['a text file called .png', Buffer.from('to nie jest obraz, tylko tekst'), 'obraz.png', 'image/png'],
    [
      'an SVG with a script',
      Buffer.from(
        '<svg xmlns="http://www.w3.org/2000/svg" onload="alert(1)"><script>alert(1)</script></svg>',
      ),
      'logo.svg',
      'image/svg+xml',
    ],
    [
      'an SVG declared as PNG',
      Buffer.from('<?xml version="1.0"?><svg xmlns="http://www.w3.org/2000/svg"/>'),
      'a.png',
      'image/png',
    ],
    [
      'a PNG signature followed by garbage',
      Buffer.concat([Buffer.from('\x89PNG\r\n\x1a\n', 'latin1'), Buffer.alloc(200, 7)]),
      'a.png',
      'image/png',
    ],
    ['an HTML page', Buffer.from('<html><script>alert(1)</script></html>'), 'a.gif', 'image/gif'],
  ])('refuses %s with 415 and stores nothing', async (_name, bytes, name, type) => {
    const input = validInput();
    const res = await create(admin, input, { bytes, name, type });
    expect(res.status).toBe(415);
    expect(await readError(res)).toEqual({
      error: 'unsupported_media_type',
      message: 'Plik nie jest obsługiwanym obrazem.',
      field: 'image',
    });
    expect(await Post.count({ where: { slug: input.slug } })).toBe(0);
  });

  it('recognises a PNG sent with a wrong name and type by its bytes', async () => {
    const res = await create(admin, validInput(), {
      bytes: await png(20, 10),
      name: 'plik.txt',
      type: 'text/plain',
    });
    expect(res.status).toBe(201);
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

  it('removes the uploaded files when the save fails', async () => {
    const existing = await buildPost();
    const before = await import('node:fs/promises').then((fs) =>
      fs.readdir(api.config.uploadsDir).catch(() => []),
    );
    const res = await create(admin, validInput({ slug: existing.slug }), {
      bytes: await png(50, 50),
      name: 'a.png',
      type: 'image/png',
    });
    expect(res.status).toBe(409);
    const after = await import('node:fs/promises').then((fs) =>
      fs.readdir(api.config.uploadsDir).catch(() => []),
    );
    expect(after.sort()).toEqual(before.sort());
  });
});

describe('GET /api/admin/posts and /api/admin/posts/{id}', () => {
  it('lists drafts and hidden posts with author and every category id; reads one with its body', async () => {
    const hidden = await buildCategory({ enabled: false });
    const post = await buildPost({ author: publisherUser, categories: [hidden], published: false });
    const res = await admin.call('GET', '/api/admin/posts');
    expect(res.status).toBe(200);
    const item = ((await res.json()) as AdminPostListItem[]).find((p) => p.id === post.id);
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

  it('deletes the old image files when the image is replaced, and the new ones with the post', async () => {
    const created = (await (
      await create(admin, validInput(), { bytes: await png(1000, 500), name: 'a.png', type: 'image/png' })
    ).json()) as AdminPost;
    const oldFiles = filesOf(created.imageUrl!);
    expect(oldFiles).toHaveLength(3);
    for (const file of oldFiles) expect(await fileExists(file)).toBe(true);

    const replaced = await admin.upload(
      'PUT',
      `/api/admin/posts/${created.id}`,
      postForm(validInput({ slug: created.slug }), {
        bytes: await png(600, 400),
        name: 'b.png',
        type: 'image/png',
      }),
    );
    expect(replaced.status).toBe(200);
    const updated = (await replaced.json()) as AdminPost;
    expect(updated.imageUrl).not.toBe(created.imageUrl);
    for (const file of oldFiles) expect(await fileExists(file)).toBe(false);

    // Removing the image with imageUrl null deletes its files too.
    const newFiles = filesOf(updated.imageUrl!);
    const removed = await admin.upload(
      'PUT',
      `/api/admin/posts/${created.id}`,
      postForm(validInput({ slug: created.slug, imageUrl: null })),
    );
    expect(((await removed.json()) as AdminPost).imageUrl).toBeNull();
    for (const file of newFiles) expect(await fileExists(file)).toBe(false);
  });

  it('keeps an image another post still uses', async () => {
    const first = (await (
      await create(admin, validInput(), { bytes: await png(500, 500), name: 'a.png', type: 'image/png' })
    ).json()) as AdminPost;
    const second = (await (
      await create(admin, validInput({ imageUrl: first.imageUrl }))
    ).json()) as AdminPost;
    expect(second.imageUrl).toBe(first.imageUrl);
    expect((await admin.call('DELETE', `/api/admin/posts/${first.id}`)).status).toBe(200);
    for (const file of filesOf(first.imageUrl!)) expect(await fileExists(file)).toBe(true);
    expect((await admin.call('DELETE', `/api/admin/posts/${second.id}`)).status).toBe(200);
    for (const file of filesOf(first.imageUrl!)) expect(await fileExists(file)).toBe(false);
  });
});

describe('DELETE and toggle-visibility', () => {
  it('deletes a post (404 after) and tells readers', async () => {
    const post = await buildPost({ categories: [await buildCategory()] });
    const before = await readContentVersion(api.runtime);
    const res = await admin.call('DELETE', `/api/admin/posts/${post.id}`);
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({ message: 'Post został usunięty' });
    expect(await readContentVersion(api.runtime)).toBeGreaterThan(before);
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
