import { readdir } from 'node:fs/promises';
import { deflateSync } from 'node:zlib';
import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { rawRequest, readError } from '../../test/http.ts';
import { admin, api, create, png, useAdminPostsApi, validInput } from '../../test/admin-posts.fixtures.ts';
import { Post } from '../modules/posts/post.model.ts';

/**
 * Attacks as tests: uploads that are more than they say, and paths that climb out of the
 * uploads. The single-kind refusals (text, SVG, HTML) are in admin-post-images.test.ts.
 */
useAdminPostsApi();

const CRC_TABLE = Array.from({ length: 256 }, (_, n) => {
  let c = n;
  for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
  return c >>> 0;
});
const crc32 = (bytes: Buffer) => {
  let c = 0xffffffff;
  for (const byte of bytes) c = CRC_TABLE[(c ^ byte) & 0xff]! ^ (c >>> 8);
  return (c ^ 0xffffffff) >>> 0;
};
const chunk = (type: string, data: Buffer) => {
  const body = Buffer.concat([Buffer.from(type, 'latin1'), data]);
  const length = Buffer.alloc(4);
  length.writeUInt32BE(data.length);
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(body));
  return Buffer.concat([length, body, crc]);
};

/** A valid PNG header declaring `width`×`height` grey pixels, with a few compressed rows: tiny on disk. */
function declaredPng(width: number, height: number): Buffer {
  const header = Buffer.alloc(13);
  header.writeUInt32BE(width, 0);
  header.writeUInt32BE(height, 4);
  header.set([8, 0, 0, 0, 0], 8); // 8-bit greyscale
  const rows = deflateSync(Buffer.alloc((width + 1) * 4));
  return Buffer.concat([
    Buffer.from('\x89PNG\r\n\x1a\n', 'latin1'),
    chunk('IHDR', header),
    chunk('IDAT', rows),
    chunk('IEND', Buffer.alloc(0)),
  ]);
}

const uploadsNow = async () => (await readdir(api.config.uploadsDir).catch(() => [])).sort();

describe('upload attacks', () => {
  it('a decompression bomb (a PNG declaring 100,000 × 100,000 pixels) is refused fast, nothing stored', async () => {
    const before = await uploadsNow();
    const input = validInput();
    const started = performance.now();
    const res = await create(admin, input, {
      bytes: declaredPng(100_000, 100_000),
      name: 'bomba.png',
      type: 'image/png',
    });
    expect(performance.now() - started).toBeLessThan(3000);
    expect(res.status).toBe(413);
    expect(await readError(res)).toMatchObject({
      message: 'Obraz ma zbyt duże wymiary (najwyżej 40 megapikseli).',
    });
    expect(await Post.count({ where: { slug: input.slug } })).toBe(0);
    expect(await uploadsNow()).toEqual(before);
  });

  it.each([
    ['PNG', () => png(400, 300)],
    [
      'JPEG',
      () =>
        sharp({ create: { width: 400, height: 300, channels: 3, background: '#0a0' } })
          .jpeg()
          .toBuffer(),
    ],
    [
      'GIF',
      () =>
        sharp({ create: { width: 400, height: 300, channels: 3, background: '#00a' } })
          .gif()
          .toBuffer(),
    ],
  ])('a truncated %s is refused with 415, nothing stored', async (_kind, make) => {
    const whole = await make();
    const before = await uploadsNow();
    const input = validInput();
    const res = await create(admin, input, {
      bytes: whole.subarray(0, Math.floor(whole.length / 2)),
      name: 'ucięty.png',
      type: 'image/png',
    });
    expect(res.status).toBe(415);
    expect(await Post.count({ where: { slug: input.slug } })).toBe(0);
    expect(await uploadsNow()).toEqual(before);
  });

  it.each([
    [
      'a PNG with an HTML page appended',
      async () => Buffer.concat([await png(64, 64), Buffer.from('<html><script>alert(1)</script></html>')]),
    ],
    [
      'a GIF/JavaScript polyglot',
      async () =>
        Buffer.concat([
          await sharp({ create: { width: 64, height: 64, channels: 3, background: '#f00' } })
            .gif()
            .toBuffer(),
          Buffer.from('*/=alert(1)//<script>alert(2)</script>'),
        ]),
    ],
  ])('%s is stored only as a re-encoded WebP that carries no trace of the script', async (_name, make) => {
    const bytes = await make();
    const res = await create(admin, validInput(), {
      bytes,
      name: '"><img src=x onerror=alert(1)>.png',
      type: 'text/html',
    });
    if (res.status !== 201) {
      expect(res.status).toBe(415);
      return;
    }
    const post = (await res.json()) as { imageUrl: string };
    expect(post.imageUrl).toMatch(/^\/uploads\/[0-9a-f]{32}-\d+w\.webp$/);
    const served = await api.fetch(`/api/images/${post.imageUrl.slice('/uploads/'.length)}`);
    expect(served.headers.get('content-type')).toBe('image/webp');
    expect(served.headers.get('x-content-type-options')).toBe('nosniff');
    expect(served.headers.get('content-security-policy')).toMatch(/sandbox/);
    const body = Buffer.from(await served.arrayBuffer());
    expect(body.subarray(0, 4).toString('latin1')).toBe('RIFF');
    expect(body.toString('latin1')).not.toMatch(/script|alert|<html/i);
  });

  it('the file name never reaches the stored path, whatever it says', async () => {
    for (const name of [
      '../../../../etc/passwd.png',
      '..\\..\\web.config.png',
      '/abs/olute.png',
      'C:\\boot.ini.png',
    ]) {
      const res = await create(admin, validInput(), { bytes: await png(32, 32), name, type: 'image/png' });
      expect(res.status, name).toBe(201);
      expect(((await res.json()) as { imageUrl: string }).imageUrl).toMatch(
        /^\/uploads\/[0-9a-f]{32}-\d+w\.webp$/,
      );
    }
    // A NUL byte in the name is refused like NUL anywhere else.
    const nul = await create(admin, validInput(), {
      bytes: await png(32, 32),
      name: 'a\u0000b.png',
      type: 'image/png',
    });
    expect(nul.status).toBe(400);
  });
});

describe('path traversal on uploads and assets', () => {
  const SPELLINGS = [
    '..%2f..%2fpackage.json',
    '%2e%2e/%2e%2e/package.json',
    '%2e%2e%2f%2e%2e%2fpackage.json',
    '..%5c..%5cpackage.json',
    '%252e%252e%252fpackage.json',
    '....//....//package.json',
    '..%c0%af..%c0%afpackage.json',
    '%c0%ae%c0%ae/%c0%ae%c0%ae/package.json',
    '..;/..;/package.json',
  ];
  for (const prefix of ['/uploads/', '/images/', '/assets/', '/api/images/', '/']) {
    it(`never serves a file of the server through ${prefix}`, async () => {
      for (const spelling of SPELLINGS) {
        const res = await rawRequest(api.port, 'GET', `${prefix}${spelling}`);
        expect({
          path: `${prefix}${spelling}`,
          status: res.status < 500,
          leaked: /"workspaces"|"devDependencies"/.test(res.body),
        }).toEqual({
          path: `${prefix}${spelling}`,
          status: true,
          leaked: false,
        });
      }
    });
  }
});
