// `npm run export`, wipe, `npm run import` of the export: the blog comes back with nothing lost,
// compared field by field (every author, category, tag, post, comment and image file, and the
// public API's answer for every post), both commands run as the operator runs them.
import { createWriteStream } from 'node:fs';
import { mkdtemp, readFile, rm, truncate, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, describe, expect, it } from 'vitest';
import { QueryTypes } from 'sequelize';
import { z } from 'zod';
import { imageStorageFor } from '../images/image-storage.ts';
import { exportDocument } from './exporter.service.ts';
import { writeExportZip } from './export-zip.ts';
import {
  api,
  fixture,
  ghostUploads,
  importFile,
  npmRun,
  useEmptyBlog,
  wordpressUploads,
} from '../../../test/import.fixtures.ts';
import { IMPORT_TOO_LARGE, MAX_IMPORT_BYTES } from '@blog/shared/rules';
import { type TransferDocument, transferDocumentSchema } from './transfer-document.ts';
import { comparable } from '../../../test/transfer-comparable.ts';
import { DOCTYPE_REFUSED } from './xml-tree.ts';

useEmptyBlog();

const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../../..');
let folder: string;
afterAll(async () => {
  if (folder) await rm(folder, { recursive: true, force: true });
});

/** Every stored image file and its bytes. */
async function storedFiles(): Promise<Record<string, string>> {
  const storage = imageStorageFor(api.config);
  const files: Record<string, string> = {};
  for await (const file of storage.list()) {
    const chunks: Buffer[] = [];
    for await (const chunk of (await storage.open(file.fileName))!.stream) chunks.push(chunk as Buffer);
    files[file.fileName] = Buffer.concat(chunks).toString('base64');
  }
  return files;
}

/** What readers get for each published post, without the database ids. */
async function publicPosts(document: TransferDocument): Promise<unknown[]> {
  const answers = [];
  for (const post of document.posts.filter((p) => p.published).sort((a, b) => a.slug.localeCompare(b.slug))) {
    const res = await api.fetch(`/api/posts/${post.slug}`);
    expect(res.status, post.slug).toBe(200);
    answers.push(
      JSON.parse(await res.text(), (key, value: unknown) =>
        key === 'id' || key === 'postId' ? undefined : value,
      ),
    );
  }
  return answers;
}

async function wipe() {
  await api.runtime.sequelize.query(
    'TRUNCATE users, categories, tags, posts, comments, import_sources, outbox_events RESTART IDENTITY CASCADE',
  );
  const storage = imageStorageFor(api.config);
  for await (const file of storage.list()) await storage.remove(file.fileName);
  // TRUNCATE fires no row trigger: tell the public cache as a statement that changed everything would.
  await api.runtime.sequelize.query("SELECT blog_public_changed('site')");
}

describe('npm run export → wipe → npm run import', () => {
  it('gives back the same blog, field by field, images included', async () => {
    await importFile(await fixture('wordpress-export.xml'), { uploadsDir: wordpressUploads });
    await importFile(await fixture('ghost-export.json'), { uploadsDir: ghostUploads });
    // The SEO and sharing panel's fields travel too: a link-preview image that is another
    // post's cover, and text with quotes.
    const [cover] = await api.runtime.sequelize.query<{ image_url: string }>(
      "SELECT image_url FROM posts WHERE image_url LIKE '/uploads/%' ORDER BY id DESC LIMIT 1",
      { type: QueryTypes.SELECT },
    );
    await api.runtime.sequelize.query(
      `UPDATE posts SET meta_title = 'Tytuł „SEO” "w cudzysłowie"', meta_description = 'Opis do wyszukiwarki',
              social_image_url = :image WHERE id = (SELECT min(id) FROM posts)`,
      { replacements: { image: cover!.image_url } },
    );
    const before = await exportDocument(api.runtime.sequelize, api.config.PUBLIC_URL);
    expect(before.posts).toHaveLength(5);
    expect(before.posts.filter((post) => post.socialImage)).toEqual([
      expect.objectContaining({
        metaTitle: 'Tytuł „SEO” "w cudzysłowie"',
        metaDescription: 'Opis do wyszukiwarki',
        socialImage: cover!.image_url,
      }),
      // The Ghost post's og_image (posts_meta), the same upload as its feature image.
      expect.objectContaining({
        slug: 'nad-morzem-w-czerwcu',
        metaTitle: 'Nad morzem w czerwcu — tydzień w Łebie',
        socialImage: cover!.image_url,
      }),
    ]);
    const filesBefore = await storedFiles();
    expect(Object.keys(filesBefore)).toHaveLength(3 + 1 + 3);
    const pagesBefore = await publicPosts(before);

    folder = await mkdtemp(path.join(os.tmpdir(), 'blog-export-test-'));
    const exported = await npmRun('export', [folder]);
    expect(exported.stdout).toMatch(
      /^Eksport gotowy: .* \(wpisy 5, autorzy 4, kategorie 4, tagi 2, komentarze 1, pliki obrazów 7\)\.$/m,
    );
    const file = path.join(folder, 'blog-export.json');
    // The file is a transfer document, and docs/ describes it exactly.
    const written = transferDocumentSchema.parse(JSON.parse(await readFile(file, 'utf8')));
    const schema = JSON.parse(
      await readFile(path.join(repoRoot, 'docs/transfer-document.schema.json'), 'utf8'),
    );
    expect(schema).toMatchObject(JSON.parse(JSON.stringify(z.toJSONSchema(transferDocumentSchema))));
    expect(comparable(written)).toEqual(comparable(before));

    await wipe();
    expect(await api.fetch('/api/posts').then((res) => res.json())).toEqual([]);
    const imported = await npmRun('import', [file]);
    expect(imported.stdout).toContain(
      'Nowe: wpisy 5, autorzy 4, kategorie 4, tagi 2, komentarze 1, obrazy 3',
    );

    const after = await exportDocument(api.runtime.sequelize, api.config.PUBLIC_URL);
    expect(comparable(after)).toEqual(comparable(before));
    expect(await storedFiles()).toEqual(filesBefore);
    expect(await publicPosts(after)).toEqual(pagesBefore);

    // And importing the export once more changes nothing.
    const again = await npmRun('import', [file]);
    expect(again.stdout).toContain('Nowe: wpisy 0, autorzy 0, kategorie 0, tagi 0, komentarze 0, obrazy 0');

    // The panel's ZIP (GET /admin/export) goes back in through the command just the same.
    const zipFile = path.join(folder, 'blog-export.zip');
    await writeExportZip(
      api.runtime.sequelize,
      imageStorageFor(api.config),
      api.config.PUBLIC_URL,
      createWriteStream(zipFile),
    );
    await wipe();
    const fromZip = await npmRun('import', [zipFile]);
    expect(fromZip.stdout).toContain('Nowe: wpisy 5, autorzy 4, kategorie 4, tagi 2, komentarze 1, obrazy 3');
    expect(comparable(await exportDocument(api.runtime.sequelize, api.config.PUBLIC_URL))).toEqual(
      comparable(before),
    );
    expect(await storedFiles()).toEqual(filesBefore);
  }, 120_000);

  it('refuses hostile and oversized files with a Polish message and exit code 1, importing nothing', async () => {
    const dir = await mkdtemp(path.join(os.tmpdir(), 'blog-import-cli-'));
    try {
      const xxe = path.join(dir, 'xxe.xml');
      await writeFile(
        xxe,
        '<?xml version="1.0"?><!DOCTYPE rss [<!ENTITY xxe SYSTEM "file:///etc/passwd">]><rss><channel><title>&xxe;</title></channel></rss>',
      );
      // A sparse file: 100 MB and one byte on paper, refused by its size before anything is read.
      const huge = path.join(dir, 'huge.xml');
      await writeFile(huge, '');
      await truncate(huge, MAX_IMPORT_BYTES + 1);
      const before = await exportDocument(api.runtime.sequelize, api.config.PUBLIC_URL);
      for (const [file, message] of [
        [xxe, DOCTYPE_REFUSED],
        [huge, IMPORT_TOO_LARGE],
      ] as const) {
        const failed = await npmRun('import', [file]).then(
          () => undefined,
          (err: { code: number; stderr: string }) => err,
        );
        expect(failed?.code).toBe(1);
        expect(failed?.stderr).toBe(`import: ${message}\n`);
      }
      expect(comparable(await exportDocument(api.runtime.sequelize, api.config.PUBLIC_URL))).toEqual(
        comparable(before),
      );
    } finally {
      await rm(dir, { recursive: true, force: true });
    }
  }, 60_000);
});
