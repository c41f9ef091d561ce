// Uploaded images of the posts admin API: re-encoding, widths, size limit, sniffing by bytes, and
// the files removed when a save fails or nothing references the image any more (image-references.ts).
import type { AdminPost, PostRevisionSummary } from '@blog/shared';
import { imageSrcset, parseUploadedImage } from '@blog/shared/rules';
import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { buildPost } from '../../../test/factories.ts';
import { readError } from '../../../test/http.ts';
import {
  admin,
  api,
  create,
  fileExists,
  filesOf,
  png,
  postForm,
  useAdminPostsApi,
  validInput,
} from '../../../test/admin-posts.fixtures.ts';
import { Post } from './post.model.ts';

useAdminPostsApi();

describe('POST /api/admin/posts', () => {
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

describe('PUT /api/admin/posts/{id}', () => {
  it('keeps a replaced image while a revision holds it (a restore brings it back), and deletes both with the post', async () => {
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
    // The first revision still shows the old image: its files stay, so restoring it shows it again.
    for (const file of oldFiles) expect(await fileExists(file)).toBe(true);
    const revisions = (await (
      await admin.call('GET', `/api/admin/posts/${created.id}/revisions`)
    ).json()) as PostRevisionSummary[];
    const first = revisions.at(-1)!;
    const restored = await admin.call(
      'POST',
      `/api/admin/posts/${created.id}/revisions/${first.id}/restore`,
      {
        version: updated.version,
      },
    );
    expect(restored.status).toBe(200);
    expect(((await restored.json()) as AdminPost).imageUrl).toBe(created.imageUrl);

    // The post goes with its revisions: nothing references either image any more.
    const newFiles = filesOf(updated.imageUrl!);
    expect((await admin.call('DELETE', `/api/admin/posts/${created.id}`)).status).toBe(200);
    for (const file of [...oldFiles, ...newFiles]) expect(await fileExists(file)).toBe(false);
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
