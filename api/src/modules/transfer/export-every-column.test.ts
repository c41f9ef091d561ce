// `npm run export` of a blog with every kind of value, `npm run import` into a fresh blog (its own
// database and data folder): every column of every exported row comes back, compared column by
// column from PostgreSQL's own list of columns, apart from the few listed with why they differ.
import { mkdtemp, readdir, readFile, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import type { AdminPost } from '@blog/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ScratchDatabase } from '../../db/scratch-database.ts';
import type { TestBrowser } from '../../../test/browser.ts';
import { exportedRows, type ExportedTable, tablesReferencing } from '../../../test/blog-rows.ts';
import { buildCategory, buildComment, buildUser } from '../../../test/factories.ts';
import { signedInAs } from '../../../test/signed-in.ts';
import { createMigratedScratchDatabase } from '../../../test/test-database.ts';
import { api, database, npmRun, useEmptyBlog } from '../../../test/import.fixtures.ts';
import { png } from '../../../test/admin-posts.fixtures.ts';

useEmptyBlog();

const OWN_ID = 'ids are the importing blog’s own';
/** What `npm run export` holds, table by table; every other column must come back as it was. */
const EXPORTED: Record<string, ExportedTable> = {
  users: {
    // Staff only: subscribers stay out of the export.
    where: "role IN ('admin', 'publisher')",
    differ: {
      id: OWN_ID,
      password_hash: 'passwords never leave the blog: the author sets one with the reset link',
      password_temporary: 'follows the password',
      reset_token_hash: 'follows the password',
      reset_token_expiry: 'follows the password',
      role: 'an import makes publishers, never admins',
      is_active:
        'every imported account starts inactive (an admin activates it); the file says whether it was active',
      import_pending: 'marks an imported account waiting for an admin, whatever it was on the source',
      created_at: 'the account is new on the importing blog',
      updated_at: 'the account is new on the importing blog',
      version: 'edit counter of the account, starts again',
    },
  },
  categories: {
    where: 'true',
    differ: {
      id: OWN_ID,
      created_at: 'nobody sees it; the importing blog’s own',
      updated_at: 'nobody sees it; the importing blog’s own',
      version: 'edit counter, starts again',
    },
  },
  tags: { where: 'true', differ: { id: OWN_ID, created_at: 'nobody sees it; the importing blog’s own' } },
  posts: {
    where: 'true',
    references: { user_id: 'users' },
    differ: { id: OWN_ID, version: 'edit counter, starts again at 1' },
  },
  post_categories: {
    where: 'true',
    references: { post_id: 'posts', category_id: 'categories' },
    differ: { id: OWN_ID },
  },
  post_tags: { where: 'true', references: { post_id: 'posts', tag_id: 'tags' }, differ: { id: OWN_ID } },
  post_slug_redirects: {
    where: 'true',
    references: { post_id: 'posts' },
    differ: { created_at: 'when the import wrote it; nobody sees it' },
  },
  // Approved only: the document has no status, and what it brings is published.
  comments: { where: "status = 'approved'", references: { post_id: 'posts' }, differ: { id: OWN_ID } },
};

/** Tables that hang off exported rows but stay behind, each with why. */
const STAYS_BEHIND: Record<string, string> = {
  post_revisions: 'the history of edits: the import brings the current state (see the schema)',
  user_subscriptions: 'subscribers and their addresses stay with the blog they subscribed to',
  import_jobs: 'the old blog’s own import history',
  post_collab_states: 'a live co-editing session’s document: the import brings the body it was saved as',
  post_search:
    'the search’s copy of each post’s search columns: the database writes it for each post imported',
  post_words: 'the search’s copy of each post’s words: the database writes it for each post imported',
};

let admin: TestBrowser;
let publisher: TestBrowser;
let target: ScratchDatabase;
let targetDataDir: string;
let folder: string;
beforeAll(async () => {
  admin = await signedInAs(api, 'admin');
  publisher = await signedInAs(api, 'publisher');
  target = await createMigratedScratchDatabase('blog_test_import_target');
  targetDataDir = await mkdtemp(path.join(os.tmpdir(), 'blog-import-target-'));
  folder = await mkdtemp(path.join(os.tmpdir(), 'blog-export-test-'));
});
afterAll(async () => {
  await target?.drop();
  for (const dir of [targetDataDir, folder]) if (dir) await rm(dir, { recursive: true, force: true });
});

const file = async (width: number, height: number) => new Blob([new Uint8Array(await png(width, height))]);

/** Saves a post through the panel's endpoint, as the editor does; answers the saved post. */
async function save(
  browser: TestBrowser,
  input: Record<string, unknown>,
  files: { image?: Blob; socialImage?: Blob } = {},
  id?: number,
): Promise<AdminPost> {
  const form = new FormData();
  form.set('postData', JSON.stringify(input));
  for (const [name, blob] of Object.entries(files)) form.set(name, blob, `${name}.png`);
  const res = await browser.upload(id ? 'PUT' : 'POST', `/api/admin/posts${id ? `/${id}` : ''}`, form);
  expect(res.status, await res.clone().text()).toBe(id ? 200 : 201);
  return (await res.json()) as AdminPost;
}

/** Every stored image file of a data folder and its bytes. */
async function storedFiles(dataDir: string): Promise<Record<string, string>> {
  const uploads = path.join(dataDir, 'uploads');
  const files: Record<string, string> = {};
  for (const name of (await readdir(uploads).catch(() => [])).sort())
    files[name] = (await readFile(path.join(uploads, name))).toString('base64');
  return files;
}

/** A blog with every kind of value the export carries. */
async function buildBlog() {
  const mountains = await buildCategory({ name: 'Góry i jeziora' });
  const hidden = await buildCategory({ name: 'Szuflada (ukryta)', enabled: false });
  await buildUser({ role: 'subscriber', displayName: 'Czytelniczka Źdźbło' });

  // An image in the body, uploaded as the editor does (it writes src, srcset, sizes and the size).
  const form = new FormData();
  form.set('image', await file(1200, 800), 'tatry.png');
  const inlineRes = await admin.upload('POST', '/api/admin/images', form);
  expect(inlineRes.status).toBe(201);
  const inline = (await inlineRes.json()) as { src: string; srcset: string; width: number; height: number };

  const published = await save(
    publisher,
    {
      title: 'Zażółć gęślą jaźń — zimą w Tatrach',
      slug: 'zima-w-tatrach',
      content: `<p>Śnieg po kolana, <strong>mróz</strong> i „cudzysłowy”.</p><figure><img src="${inline.src}" srcset="${inline.srcset}" sizes="(min-width: 62em) 896px, 100vw" alt="Giewont o świcie, źdźbła w szronie" width="${inline.width}" height="${inline.height}"><figcaption>Hala Gąsienicowa</figcaption></figure>`,
      excerpt: 'Tydzień w górach: źdźbła, łąki i żleby.',
      imageAlt: 'Kasprowy Wierch w chmurach',
      categories: [mountains.id],
      tags: ['góry', 'Zima 2024'],
      metaTitle: 'Tatry zimą — relacja „z bliska”',
      metaDescription: 'Żleby, schroniska i pogoda: co warto wiedzieć przed wyjściem w Tatry zimą.',
    },
    { image: await file(1000, 700), socialImage: await file(800, 420) },
  );
  // A slug changed after readers saw the post: the old one redirects to it.
  const renamed = await save(
    publisher,
    { ...editable(published), slug: 'zima-w-tatrach-relacja' },
    {},
    published.id,
  );
  expect(renamed.version).toBe(2);

  await save(admin, {
    title: 'Szkic: jeziora Mazur',
    slug: 'szkic-jeziora-mazur',
    content: '<p>Jeszcze nieskończony tekst o jeziorach.</p>',
    excerpt: null,
    published: false,
    // A cover at an address elsewhere, as the form allows.
    imageUrl: 'https://zdjecia.example.pl/mazury/sniardwy.jpg',
    imageAlt: 'Śniardwy o zachodzie',
    categories: [hidden.id],
    tags: ['Zima 2024'],
  });
  await save(publisher, {
    title: 'Zaplanowany wpis o Bieszczadach',
    slug: 'bieszczady-jesienia',
    content: '<p>Połoniny we wrześniu, ukaże się za kilka lat.</p>',
    excerpt: 'Połoniny.',
    scheduledAt: '2031-09-15T08:30:00+02:00',
    categories: [mountains.id],
    tags: [],
  });
  // Published once, then taken back: a draft that keeps its first publication.
  const withdrawn = await save(admin, {
    title: 'Wycofany wpis',
    slug: 'wycofany-wpis',
    content: '<p>Był widoczny przez chwilę, teraz znów jest szkicem.</p>',
    categories: [mountains.id],
  });
  await save(admin, { ...editable(withdrawn), published: false }, {}, withdrawn.id);

  await buildComment({
    postId: published.id,
    author: 'Łucja Świątek',
    email: 'lucja@example.pl',
    content: 'Piękne zdjęcia!\nDziękuję za „relację”.',
    createdAt: new Date('2024-02-03T10:20:30.456Z'),
  });
  await buildComment({ postId: published.id, status: 'pending', content: 'Czeka na moderację.' });
}

/** What a PUT needs to keep a post as it is. */
const editable = (post: AdminPost) => ({
  title: post.title,
  slug: post.slug,
  content: post.content,
  excerpt: post.excerpt,
  imageUrl: post.imageUrl,
  categories: post.categories,
  tags: post.tags,
  version: post.version,
});

describe('npm run export → npm run import into a fresh blog', () => {
  it('covers every table that hangs off an exported row, or says why it stays behind', async () => {
    const exported = Object.keys(EXPORTED);
    const hanging = await tablesReferencing(database.url, exported);
    expect(hanging.filter((table) => !exported.includes(table)).sort()).toEqual(
      Object.keys(STAYS_BEHIND).sort(),
    );
  });

  it('brings back every column of every exported row', async () => {
    await buildBlog();
    const before = await exportedRows(database.url, EXPORTED);
    // Every kind of value is there, so a column the import leaves empty cannot pass unnoticed.
    expect(before.posts).toHaveLength(4);
    expect(before.post_slug_redirects).toHaveLength(1);
    expect(before.comments).toHaveLength(1);
    for (const column of [
      'scheduled_at',
      'image_alt',
      'social_image_url',
      'meta_title',
      'first_published_at',
    ])
      expect(
        before.posts!.some((post) => post[column] !== null),
        column,
      ).toBe(true);
    expect(before.posts!.some((post) => post.published === false && post.first_published_at !== null)).toBe(
      true,
    );
    const filesBefore = await storedFiles(api.config.dataDir);
    // Body image 1200 px, cover 1000 px (three widths each), link preview 800 px (two).
    expect(Object.keys(filesBefore)).toHaveLength(3 + 3 + 2);

    await npmRun('export', [folder]);
    const imported = await npmRun('import', [path.join(folder, 'blog-export.json')], {
      databaseUrl: target.url,
      dataDir: targetDataDir,
    });

    expect(await exportedRows(target.url, EXPORTED)).toEqual(before);
    expect(await storedFiles(targetDataDir)).toEqual(filesBefore);
    expect(imported.stdout).toContain(
      'Nowe: wpisy 4, autorzy 2, kategorie 2, tagi 2, komentarze 1, obrazy 3',
    );
    expect(imported.stdout).not.toContain('Pominięto');
  }, 120_000);
});
