// POST /api/admin/images: the editor's inline images go through the cover's pipeline (sniffed by
// bytes, re-encoded to WebP widths, 5 MB), staff only, and the client's file name is never used.
import type { UploadedInlineImage } from '@blog/shared';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TestBrowser } from '../../../test/browser.ts';
import { buildUser } from '../../../test/factories.ts';
import { startTestApi, type TestApi } from '../../../test/harness.ts';
import { clientIp, readError } from '../../../test/http.ts';

const PASSWORD = 'Dobre-Hasło1';
let api: TestApi;
const browsers: Record<'admin' | 'publisher' | 'subscriber' | 'anonymous', TestBrowser> = {} as never;

beforeAll(async () => {
  api = await startTestApi({ TRUST_PROXY: '1' });
  for (const role of ['admin', 'publisher', 'subscriber'] as const) {
    const user = await buildUser({ role, password: PASSWORD });
    browsers[role] = new TestBrowser(api, clientIp());
    await browsers[role].signIn(user.username, PASSWORD);
  }
  browsers.anonymous = new TestBrowser(api, clientIp());
});
afterAll(async () => {
  await api?.close();
});

const imageForm = (bytes: Buffer, name = 'zdjęcie.png', type = 'image/png') => {
  const form = new FormData();
  form.set('image', new Blob([new Uint8Array(bytes)], { type }), name);
  return form;
};
const upload = (browser: TestBrowser, form: FormData) => browser.upload('POST', '/api/admin/images', form);
const png = (width: number, height: number) =>
  sharp({ create: { width, height, channels: 3, background: '#16a085' } })
    .png()
    .toBuffer();

describe('POST /api/admin/images', () => {
  it('stores the image in web widths and answers src, srcset and its upright size', async () => {
    const res = await upload(browsers.admin, imageForm(await png(2000, 1000)));
    expect(res.status).toBe(201);
    const image = (await res.json()) as UploadedInlineImage;
    expect(image.src).toMatch(/^\/api\/images\/[a-f0-9]{32}-1600w\.webp$/);
    const id = /([a-f0-9]{32})/.exec(image.src)![1];
    expect(image).toEqual({
      src: `/api/images/${id}-1600w.webp`,
      srcset: `/api/images/${id}-480w.webp 480w, /api/images/${id}-960w.webp 960w, /api/images/${id}-1600w.webp 1600w`,
      width: 1600,
      height: 800,
    });
    for (const width of [480, 960, 1600]) {
      const served = await api.fetch(`/api/images/${id}-${width}w.webp`);
      expect(served.status).toBe(200);
      const meta = await sharp(Buffer.from(await served.arrayBuffer())).metadata();
      expect(meta).toMatchObject({ format: 'webp', width, height: width / 2 });
    }
  });

  it('turns a photo taken on its side upright, size included', async () => {
    const jpeg = await sharp({ create: { width: 800, height: 400, channels: 3, background: '#8e44ad' } })
      .jpeg()
      .withMetadata({ orientation: 6 })
      .toBuffer();
    const res = await upload(browsers.publisher, imageForm(jpeg, 'z telefonu.jpg', 'image/jpeg'));
    expect(res.status).toBe(201);
    expect(await res.json()).toMatchObject({ width: 400, height: 800 });
  });

  it('never uses the name the client sent (no path, no collision)', async () => {
    const res = await upload(browsers.publisher, imageForm(await png(40, 30), '../../etc/passwd.png'));
    expect(res.status).toBe(201);
    const image = (await res.json()) as UploadedInlineImage;
    expect(image.src).toMatch(/^\/api\/images\/[a-f0-9]{32}-40w\.webp$/);
    expect(image.srcset).toBe(`${image.src} 40w`);
  });

  it.each([
    [
      'an SVG',
      Buffer.from('<svg xmlns="http://www.w3.org/2000/svg" onload="alert(1)"/>'),
      'a.svg',
      'image/svg+xml',
    ],
    ['text named .png', Buffer.from('to nie jest obraz'), 'obraz.png', 'image/png'],
    ['a cut-off PNG', Buffer.from('\x89PNG\r\n\x1a\n0000', 'latin1'), 'ucięty.png', 'image/png'],
  ])('refuses %s by its bytes with 415', async (_name, bytes, fileName, type) => {
    const res = await upload(browsers.admin, imageForm(bytes, fileName, type));
    expect(res.status).toBe(415);
    expect(await readError(res)).toEqual({
      error: 'unsupported_media_type',
      message: 'Plik nie jest obsługiwanym obrazem.',
      field: 'image',
    });
  });

  it('refuses a file over 5 MB with 413 and the cover’s message', async () => {
    const big = Buffer.concat([await png(10, 10), Buffer.alloc(5 * 1024 * 1024)]);
    const res = await upload(browsers.admin, imageForm(big));
    expect(res.status).toBe(413);
    expect(await readError(res)).toEqual({
      error: 'payload_too_large',
      message: 'Obraz może mieć najwyżej 5 MB.',
      field: 'image',
    });
  });

  it('answers 400 in Polish without a file, with two files or with other fields', async () => {
    const empty = await upload(browsers.admin, new FormData());
    expect(empty.status).toBe(400);
    expect((await readError(empty)).message).toBe('Wybierz plik obrazu.');

    const two = imageForm(await png(10, 10));
    two.append('image', new Blob([new Uint8Array(await png(10, 10))], { type: 'image/png' }), 'b.png');
    const twoRes = await upload(browsers.admin, two);
    expect(twoRes.status).toBe(400);
    expect((await readError(twoRes)).message).toMatch(/jeden plik/);

    const extra = imageForm(await png(10, 10));
    extra.set('postData', '{}');
    expect((await upload(browsers.admin, extra)).status).toBe(400);
  });

  it('answers 415 to a body that is not multipart', async () => {
    const res = await browsers.admin.call('POST', '/api/admin/images', { image: 'x' });
    expect(res.status).toBe(415);
    expect((await readError(res)).message).toBe('Obraz wysyła się jako formularz multipart/form-data.');
  });

  it('is for staff only: 401 signed out, 403 for a subscriber', async () => {
    const anonymous = await upload(browsers.anonymous, imageForm(await png(10, 10)));
    expect(anonymous.status).toBe(401);
    const subscriber = await upload(browsers.subscriber, imageForm(await png(10, 10)));
    expect(subscriber.status).toBe(403);
    expect((await readError(subscriber)).error).toBe('forbidden');
  });
});
