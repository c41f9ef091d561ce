// Hostile, malformed and wrong files import nothing and get a clear Polish message: XXE, entity
// expansion (billion laughs), more than 100 MB, not an export at all, cut off, and a file the
// database refuses halfway (everything rolled back, images written so far removed again).
import { writeFile } from 'node:fs/promises';
import path from 'node:path';
import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { AppError } from '../../errors.ts';
import { imageStorageFor } from '../images/image-storage.ts';
import { NOT_GHOST } from './ghost-parser.ts';
import { importImage } from './import-images.ts';
import {
  api,
  blogState,
  fixture,
  importFile,
  useEmptyBlog,
  wordpressUploads,
} from '../../../test/import.fixtures.ts';
import { IMPORT_ROLLED_BACK, importDocument, importTargetOf } from './importer.service.ts';
import { IMPORT_TOO_LARGE, MAX_IMPORT_BYTES } from '@blog/shared/rules';
import { WRONG_KIND } from './read-import-file.ts';
import { TRANSFER_FORMAT, type TransferDocument } from './transfer-document.ts';
import { NOT_WXR } from './wxr-parser.ts';
import { DOCTYPE_REFUSED, XML_MALFORMED } from './xml-tree.ts';

useEmptyBlog();

/** The import fails with exactly this kind of error and message, and the blog is as it was. */
async function expectRefused(bytes: Buffer, message: string | RegExp, code = 'bad_request') {
  const before = await blogState();
  const error = await importFile(bytes).then(
    () => undefined,
    (err: unknown) => err,
  );
  expect(error).toBeInstanceOf(AppError);
  expect((error as AppError).code).toBe(code);
  if (typeof message === 'string') expect((error as AppError).message).toBe(message);
  else expect((error as AppError).message).toMatch(message);
  expect(await blogState()).toEqual(before);
}

const WXR_HEAD = `<?xml version="1.0" encoding="UTF-8" ?>`;
const wxr = (body: string) =>
  `<rss version="2.0" xmlns:wp="http://wordpress.org/export/1.2/"><channel><wp:wxr_version>1.2</wp:wxr_version>${body}</channel></rss>`;

describe('refused import files', () => {
  it('refuses an XXE file (external entity) without reading the entity', async () => {
    const xxe = `${WXR_HEAD}<!DOCTYPE rss [<!ENTITY xxe SYSTEM "file:///etc/passwd">]>${wxr(
      '<item><title>&xxe;</title><wp:post_type>post</wp:post_type><wp:status>publish</wp:status></item>',
    )}`;
    await expectRefused(Buffer.from(xxe), DOCTYPE_REFUSED);
  });

  it('refuses a billion laughs file at once, without expanding anything', async () => {
    const levels = Array.from(
      { length: 9 },
      (_, i) => `<!ENTITY lol${i + 1} "${`&lol${i};`.repeat(10)}">`,
    ).join('');
    const bomb = `${WXR_HEAD}<!DOCTYPE lolz [<!ENTITY lol0 "lol">${levels}]>${wxr('<title>&lol9;</title>')}`;
    const started = performance.now();
    await expectRefused(Buffer.from(bomb), DOCTYPE_REFUSED);
    expect(performance.now() - started).toBeLessThan(2000);
  });

  it('refuses a file over 100 MB before parsing it', async () => {
    await expectRefused(Buffer.alloc(MAX_IMPORT_BYTES + 1, 0x20), IMPORT_TOO_LARGE, 'payload_too_large');
  });

  it('refuses files that are no export: an image, other JSON, an RSS feed, a cut-off WXR', async () => {
    await expectRefused(
      Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a]),
      /UTF-8|Nieznany rodzaj/,
      'bad_request',
    );
    await expectRefused(Buffer.from('PK\u0003\u0004 archiwum'), WRONG_KIND, 'unsupported_media_type');
    await expectRefused(Buffer.from('{"posts": []}'), WRONG_KIND, 'unsupported_media_type');
    await expectRefused(
      Buffer.from('{"db": [{"meta": {}, "data": {}}]}'),
      WRONG_KIND,
      'unsupported_media_type',
    );
    await expectRefused(Buffer.from('{"posts": [1,'), 'Plik JSON jest uszkodzony i nie da się go odczytać.');
    await expectRefused(Buffer.from('{"db": "\\u0000"}'), /^Plik zawiera znak NUL/);
    await expectRefused(
      Buffer.from(`${WXR_HEAD}<rss version="2.0"><channel><title>Kanał RSS</title></channel></rss>`),
      NOT_WXR,
    );
    const full = (await fixture('wordpress-export.xml')).toString();
    await expectRefused(
      Buffer.from(full.slice(0, full.length / 2)),
      new RegExp(`^${XML_MALFORMED} \\(wiersz \\d+\\)`),
    );
    expect(NOT_GHOST).toMatch(/Ghosta/);
  });

  it('never reads an image outside the given uploads folder, however the address is spelled', async () => {
    const storage = imageStorageFor(api.config);
    // A real image right next to the uploads folder: reachable only by climbing out of it.
    const outside = path.dirname(wordpressUploads);
    await writeFile(
      path.join(outside, 'secret.png'),
      await sharp({ create: { width: 20, height: 20, channels: 3, background: '#000' } })
        .png()
        .toBuffer(),
    );
    for (const reference of [
      'https://stary-blog.example.pl/wp-content/uploads/../secret.png',
      'https://stary-blog.example.pl/wp-content/uploads/%2e%2e/secret.png',
      'https://stary-blog.example.pl/wp-content/uploads/..%2fsecret.png',
      '/wp-content/uploads/..%5c..%5csecret.png',
      `/wp-content/uploads/${encodeURIComponent(path.join(outside, 'secret.png'))}`,
    ]) {
      const refused = await importImage(storage, { uploadsDir: wordpressUploads }, reference).then(
        () => undefined,
        (err: unknown) => err,
      );
      expect(refused, reference).toBeInstanceOf(AppError);
      expect((refused as AppError).code, reference).toBe('not_found');
    }
    // The same file is taken when it really is inside the folder.
    expect(
      await importImage(storage, { uploadsDir: outside }, '/wp-content/uploads/secret.png'),
    ).toMatchObject({
      imageUrl: expect.stringMatching(/^\/uploads\/[a-f0-9]{32}-20w\.webp$/),
    });
  });

  it('rolls everything back, images included, when the database refuses part of the file', async () => {
    const png =
      'iVBORw0KGgoAAAANSUhEUgAAACgAAAAeCAIAAADRv8uKAAAACXBIWXMAAAPoAAAD6AG1e1JrAAAAPUlEQVRIie3VQQ0AMAwCwPlBAe6RNhnb45L+mzSUO2uezLG4Tj3hineqApnKDCSKxWCxWBwWg8VicV+xeAE6wVkMEG1l6wAAAABJRU5ErkJggg==';
    const document = {
      format: TRANSFER_FORMAT,
      version: 1,
      source: { kind: 'blog', site: 'https://inny-blog.example.pl' },
      exportedAt: null,
      authors: [],
      categories: [{ sourceId: '1', name: 'Kategoria z innego bloga' }],
      tags: [],
      posts: [
        {
          sourceId: '1',
          title: 'Wpis z obrazem',
          slug: 'wpis-z-obrazem-wycofany',
          html: `<p>Obraz:</p><img src="data:image/png;base64,${png}" alt="">`,
          excerpt: null,
          published: true,
          publishedAt: '2024-01-01T10:00:00.000Z',
          createdAt: '2024-01-01T10:00:00.000Z',
          updatedAt: '2024-01-01T10:00:00.000Z',
          authorSourceId: null,
          categorySourceIds: ['1'],
          tagSourceIds: [],
          coverImage: null,
        },
      ],
      // Comments come last: the post and its image are written by the time this one fails.
      comments: [
        {
          sourceId: '1',
          postSourceId: '1',
          author: 'Ktoś',
          email: 'ktos@example.com',
          content: 'Komentarz z roku zero',
          // Valid ISO 8601, but PostgreSQL has no year 0: refused after the post and image were written.
          createdAt: '0000-01-02T10:00:00.000Z',
        },
      ],
    };
    // Reading the file refuses that date up front now (years 1900..9999 only, transfer-dates.ts), so
    // the importer gets the document directly: a stand-in for any value the database refuses late.
    await expectRefused(Buffer.from(JSON.stringify(document)), /^Komentarz nr 1: data utworzenia „0000-/);
    const before = await blogState();
    const error = await importDocument(
      importTargetOf(api.runtime),
      imageStorageFor(api.config),
      document as TransferDocument,
      { sources: {}, skipped: [] },
    ).then(
      () => undefined,
      (err: unknown) => err,
    );
    expect(error).toBeInstanceOf(AppError);
    expect((error as AppError).message).toMatch(new RegExp(`^${IMPORT_ROLLED_BACK} `));
    expect(await blogState()).toEqual(before);
    expect((await api.fetch('/api/posts/wpis-z-obrazem-wycofany')).status).toBe(404);
  });
});
