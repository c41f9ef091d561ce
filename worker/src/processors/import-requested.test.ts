// Import and export in the panel, over HTTP with a real worker: an upload becomes a job,
// the worker imports it with the CLI's transfer code and the public side shows the posts; the same
// file twice changes nothing; hostile and wrong files get a Polish message and import nothing; only
// admins may; one import at a time; the export ZIP re-imports into a wiped blog field by field.
// Fixture formats: see api/src/modules/transfer/import.test.ts (WXR 1.2 per the WordPress Importer's
// parsers; Ghost 5 per docs.ghost.org/migration/custom).
import { readdir, readFile } from 'node:fs/promises';
import { request } from 'node:http';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { ImportJob } from '@blog/shared';
import { imageStorageFor } from '@blog/api/images/storage';
import {
  buildCategory,
  buildSubscription,
  buildUser,
  comparableTransfer,
  TestBrowser,
  until,
} from '@blog/api/testing';
import { exportDocument, IMPORT_IN_PROGRESS, importStagingDir, queueImport } from '@blog/api/transfer';
import { QueryTypes } from 'sequelize';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import yauzl from 'yauzl';
import { type MailTestEnv, startMailTestEnv } from '../../test/mail-test-env.ts';

const PASSWORD = 'Dobre-Hasło1';
const fixtures = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../../api/test/import-files');
const WRONG_KIND =
  'Nieznany rodzaj pliku. Zaimportować można eksport WordPressa (plik XML z Narzędzia → Eksport), eksport Ghosta (plik JSON z Settings → Labs → Export) albo eksport tego bloga.';

let env: MailTestEnv;
let admin: TestBrowser;
let publisher: TestBrowser;

beforeAll(async () => {
  env = await startMailTestEnv();
  await env.setSmtpSettings();
  const signedIn = async (role: 'admin' | 'publisher') => {
    const user = await buildUser({ role, password: PASSWORD });
    const browser = new TestBrowser(env.api);
    await browser.signIn(user.username, PASSWORD);
    return browser;
  };
  admin = await signedIn('admin');
  publisher = await signedIn('publisher');
}, 60_000);
afterAll(async () => {
  await env?.close();
});

const form = (bytes: Buffer, name: string) => {
  const body = new FormData();
  body.set('file', new Blob([new Uint8Array(bytes)]), name);
  return body;
};

const upload = (bytes: Buffer, name: string, as = admin) =>
  as.upload('POST', '/api/admin/imports', form(bytes, name));

/**
 * Uploads a file the server refuses before reading it, as a browser does: the answer counts as soon
 * as it arrives, even though the server then closes the connection while the body is still being
 * sent (fetch reports that reset instead of the answer whenever the reset comes first, as it does on
 * a busy machine).
 */
async function uploadAnsweredEarly(bytes: Buffer, name: string): Promise<{ status: number; body: unknown }> {
  const boundary = 'granica-importu';
  const head = Buffer.from(
    `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="${name}"\r\n` +
      'Content-Type: application/octet-stream\r\n\r\n',
  );
  const tail = Buffer.from(`\r\n--${boundary}--\r\n`);
  // A call through the browser first, which renews its CSRF token if the session refuses it.
  expect((await admin.upload('POST', '/api/admin/imports', new FormData())).status).toBe(400);
  const headers = {
    ...(await admin.headers()),
    'content-type': `multipart/form-data; boundary=${boundary}`,
    'content-length': String(head.length + bytes.length + tail.length),
  };
  return new Promise((resolve, reject) => {
    let answered = false;
    const req = request(new URL('/api/admin/imports', env.api.url), { method: 'POST', headers }, (res) => {
      answered = true;
      const chunks: Buffer[] = [];
      res.on('data', (chunk: Buffer) => chunks.push(chunk));
      res.on('end', () =>
        resolve({ status: res.statusCode ?? 0, body: JSON.parse(Buffer.concat(chunks).toString('utf8')) }),
      );
      res.on('error', reject);
    });
    // The reset that follows the answer is the server's refusal to read on, not a failure.
    req.on('error', (error) => {
      if (!answered) reject(error);
    });
    req.write(head);
    req.write(bytes);
    req.end(tail);
  });
}

/** Uploads the file and waits for the worker to finish its job. */
async function imported(bytes: Buffer, name: string): Promise<ImportJob> {
  const res = await upload(bytes, name);
  expect(res.status, await res.clone().text()).toBe(202);
  const queued = (await res.json()) as ImportJob;
  expect(queued).toMatchObject({ status: 'queued', fileName: name, fileSize: bytes.length });
  const stages = new Set<string>();
  let job: ImportJob | undefined;
  await until(
    () => `import ${queued.id} to finish (stages seen: ${[...stages].join(', ')})`,
    async () => {
      job = (await (await admin.call('GET', `/api/admin/imports/${queued.id}`)).json()) as ImportJob;
      stages.add(job.progress.stage);
      return job.status === 'done' || job.status === 'failed';
    },
    20_000,
  );
  return job!;
}

const fixture = (name: string) => readFile(path.join(fixtures, name));

/** Row counts of the content tables (not the jobs and events an upload itself writes). */
async function contentRows(): Promise<Record<string, number>> {
  const [row] = await env.api.runtime.sequelize.query<Record<string, string>>(
    `SELECT (SELECT count(*) FROM users) AS users, (SELECT count(*) FROM posts) AS posts,
            (SELECT count(*) FROM categories) AS categories, (SELECT count(*) FROM tags) AS tags,
            (SELECT count(*) FROM comments) AS comments, (SELECT count(*) FROM post_tags) AS post_tags,
            (SELECT count(*) FROM post_categories) AS post_categories,
            (SELECT count(*) FROM import_sources) AS import_sources`,
    { type: QueryTypes.SELECT },
  );
  return Object.fromEntries(Object.entries(row!).map(([key, value]) => [key, Number(value)]));
}

const stagedFiles = async () =>
  (await readdir(importStagingDir(env.api.config)).catch(() => [] as string[])).sort();

const publishedEvents = async () =>
  (
    await env.api.runtime.sequelize.query<{ n: string }>(
      "SELECT count(*) AS n FROM outbox_events WHERE type = 'post.published'",
      { type: QueryTypes.SELECT },
    )
  )[0]!.n;

describe('POST /admin/imports → the worker → the public side', () => {
  it('imports a WordPress export: progress, counts, skipped items with reasons, posts public, no e-mail', async () => {
    // A subscriber of a category the export also has: the imported posts join it and still nobody is e-mailed.
    const travel = await buildCategory({ name: 'Podróże' });
    await buildSubscription({ categoryId: travel.id });
    const job = await imported(await fixture('wordpress-export.xml'), 'export-wordpress.xml');
    expect(job).toMatchObject({
      status: 'done',
      kind: 'wordpress',
      error: null,
      progress: { stage: 'finished', done: 3, total: 3 },
    });
    expect(job.result!.created).toMatchObject({ posts: 3, authors: 2, tags: 2, comments: 1 });
    expect(job.result!.skipped).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ kind: 'post', reason: 'Typ „page” (tylko wpisy są importowane).' }),
        expect.objectContaining({ kind: 'comment', reason: 'Komentarz niezatwierdzony.' }),
        // Through the panel there is no uploads folder: images only at an address are reported.
        expect.objectContaining({ kind: 'image', reason: expect.stringContaining('nie pobieramy z sieci') }),
      ]),
    );
    expect(job.result!.sanitized.length).toBeGreaterThan(0);
    const post = await env.api.fetch('/api/posts/wyprawa-w-tatry');
    expect(post.status).toBe(200);
    const body = (await post.json()) as { title: string; content: string; categories: { name: string }[] };
    expect(body.title).toBe('Wyprawa w Tatry');
    expect(body.content).not.toMatch(/<script|onerror|javascript:/i);
    expect(body.categories).toEqual([expect.objectContaining({ name: 'Podróże' })]);
    expect((await env.api.fetch('/api/posts/zazolc-gesla-jazn')).status).toBe(200);
    expect(await publishedEvents()).toBe('0');
    expect(await stagedFiles()).toEqual([]);

    const listed = (await (await admin.call('GET', '/api/admin/imports')).json()) as ImportJob[];
    expect(listed[0]).toMatchObject({ id: job.id, status: 'done' });
  }, 60_000);

  it('imports a Ghost export', async () => {
    const job = await imported(await fixture('ghost-export.json'), 'ghost.json');
    expect(job).toMatchObject({ status: 'done', kind: 'ghost' });
    expect(job.result!.created.posts).toBe(2);
    expect((await env.api.fetch('/api/posts/nad-morzem-w-czerwcu')).status).toBe(200);
  }, 60_000);

  it('changes nothing when the same file comes again', async () => {
    const before = await contentRows();
    const job = await imported(await fixture('wordpress-export.xml'), 'znowu.xml');
    expect(job.status).toBe('done');
    expect(job.result!.created).toEqual({
      posts: 0,
      authors: 0,
      categories: 0,
      tags: 0,
      comments: 0,
      images: 0,
    });
    expect(job.result!.unchanged.posts).toBe(3);
    expect(await contentRows()).toEqual(before);
  }, 60_000);

  it('no e-mail went out for any imported post', async () => {
    // The worker has run whatever the imports might have queued.
    await env.worker.settled();
    expect(env.sink.received).toEqual([]);
  });
});

describe('refused uploads', () => {
  const wxr = (doctype: string, title: string) =>
    Buffer.from(
      `<?xml version="1.0" encoding="UTF-8" ?>${doctype}<rss version="2.0" xmlns:wp="http://wordpress.org/export/1.2/"><channel><wp:wxr_version>1.2</wp:wxr_version><item><title>${title}</title><wp:post_type>post</wp:post_type><wp:status>publish</wp:status></item></channel></rss>`,
    );

  it('fails an XXE and a billion laughs file in the worker with a Polish message, importing nothing', async () => {
    const levels = Array.from({ length: 9 }, (_, i) => `<!ENTITY lol${i + 1} "${`&lol${i};`.repeat(10)}">`);
    const hostile = [
      wxr('<!DOCTYPE rss [<!ENTITY xxe SYSTEM "file:///etc/passwd">]>', '&xxe;'),
      wxr(`<!DOCTYPE rss [<!ENTITY lol0 "lol">${levels.join('')}]>`, '&lol9;'),
    ];
    for (const bytes of hostile) {
      const before = await contentRows();
      const job = await imported(bytes, 'wrogi.xml');
      expect(job).toMatchObject({ status: 'failed', result: null });
      expect(job.error).toMatch(/DOCTYPE|encj/i);
      expect(await contentRows()).toEqual(before);
    }
    expect(await stagedFiles()).toEqual([]);
  }, 60_000);

  it('answers 415 for a file of the wrong kind, whatever its name, and keeps nothing', async () => {
    for (const [bytes, name] of [
      [Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0]), 'export.xml'],
      [Buffer.from('{"posts": []}'), 'ghost.json'],
      [Buffer.from('<rss version="2.0"><channel><title>Kanał</title></channel></rss>'), 'wordpress.xml'],
      [Buffer.from('PK\u0003\u0004 archiwum'), 'blog-export.zip'],
    ] as const) {
      const res = await upload(bytes, name);
      expect(res.status, name).toBeGreaterThanOrEqual(400);
      expect([400, 415]).toContain(res.status);
      const error = (await res.json()) as { message: string };
      expect(error.message).toMatch(/Nieznany rodzaj pliku|Archiwum ZIP/);
    }
    const res = await upload(Buffer.from('%PDF-1.7'), 'eksport.xml');
    expect(res.status).toBe(415);
    expect(await res.json()).toMatchObject({ error: 'unsupported_media_type', message: WRONG_KIND });
    expect(await stagedFiles()).toEqual([]);
  });

  it('answers 413 for more than 100 MB, keeping nothing', async () => {
    const answer = await uploadAnsweredEarly(Buffer.alloc(100 * 1024 * 1024 + 1, 0x20), 'duzy.xml');
    expect(answer.status).toBe(413);
    expect(answer.body).toMatchObject({ message: 'Plik importu może mieć najwyżej 100 MB.' });
    expect(await stagedFiles()).toEqual([]);
  }, 60_000);

  it('answers 400 without a file and 403 to a publisher', async () => {
    const empty = await admin.upload('POST', '/api/admin/imports', new FormData());
    expect(empty.status).toBe(400);
    expect(((await empty.json()) as { message: string }).message).toMatch(/Wybierz plik/);
    const res = await upload(await fixture('ghost-export.json'), 'ghost.json', publisher);
    expect(res.status).toBe(403);
    for (const pathname of ['/api/admin/imports', '/api/admin/export'])
      expect((await publisher.call('GET', pathname)).status).toBe(403);
  });

  it('allows one import at a time (409), decided by the database too', async () => {
    const sequelize = env.api.runtime.sequelize;
    await sequelize.query(
      "INSERT INTO import_jobs (status, kind, file_name, file_size) VALUES ('running', 'ghost', 'inny.json', 1)",
    );
    try {
      const res = await upload(await fixture('ghost-export.json'), 'ghost.json');
      expect(res.status).toBe(409);
      expect(await res.json()).toMatchObject({ message: IMPORT_IN_PROGRESS });
      // Two uploads that both passed the early check: the partial unique index refuses the second.
      await expect(
        queueImport(
          { sequelize, events: { record: async () => 'x' } },
          { kind: 'ghost', fileName: 'x.json', size: 1, stagedFile: 'x.upload' },
          null,
        ),
      ).rejects.toThrow(IMPORT_IN_PROGRESS);
    } finally {
      await sequelize.query("DELETE FROM import_jobs WHERE file_name = 'inny.json'");
    }
    expect(await stagedFiles()).toEqual([]);
  });

  it('gives up on a job whose worker has been gone for 6 hours, so imports are possible again', async () => {
    const sequelize = env.api.runtime.sequelize;
    const [[lost]] = (await sequelize.query(
      `INSERT INTO import_jobs (status, kind, file_name, file_size, created_at)
       VALUES ('running', 'ghost', 'zgubiony.json', 1, now() - interval '7 hours') RETURNING id`,
    )) as [{ id: number }[], unknown];
    const job = await imported(await fixture('ghost-export.json'), 'ghost.json');
    expect(job.status).toBe('done');
    const old = (await (await admin.call('GET', `/api/admin/imports/${lost!.id}`)).json()) as ImportJob;
    expect(old).toMatchObject({ status: 'failed', error: expect.stringContaining('6 godzin') });
  }, 30_000);
});

/** Every entry of a ZIP and its bytes. */
async function unzip(bytes: Buffer): Promise<Map<string, Buffer>> {
  const zip = await yauzl.fromBufferPromise(bytes, { lazyEntries: true });
  const entries = new Map<string, Buffer>();
  for await (const entry of zip.eachEntry()) {
    const chunks: Buffer[] = [];
    for await (const chunk of await zip.openReadStreamPromise(entry)) chunks.push(chunk as Buffer);
    entries.set(entry.fileName, Buffer.concat(chunks));
  }
  return entries;
}

describe('GET /admin/export → wipe → upload the ZIP', () => {
  it('brings the same blog back, field by field', async () => {
    const sequelize = env.api.runtime.sequelize;
    const res = await admin.call('GET', '/api/admin/export');
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('application/zip');
    expect(res.headers.get('content-disposition')).toMatch(
      /^attachment; filename="blog-export-\d{4}-\d{2}-\d{2}\.zip"$/,
    );
    const zip = Buffer.from(await res.arrayBuffer());
    const entries = await unzip(zip);
    const document = JSON.parse(entries.get('blog-export.json')!.toString('utf8')) as {
      posts: { slug: string }[];
    };
    const before = await exportDocument(sequelize, env.api.config.PUBLIC_URL);
    expect(document.posts.map((post) => post.slug)).toEqual(before.posts.map((post) => post.slug));
    const images = [...entries.keys()].filter((name) => name.startsWith('images/'));
    expect(images.length).toBeGreaterThan(0);

    await sequelize.query(
      'TRUNCATE categories, tags, posts, comments, import_sources RESTART IDENTITY CASCADE',
    );
    await sequelize.query("DELETE FROM users WHERE role = 'publisher'");
    // TRUNCATE fires no row trigger: tell the public cache as a statement that changed everything would.
    await sequelize.query("SELECT blog_public_changed('site')");
    const storage = imageStorageFor(env.api.config);
    for await (const file of storage.list()) await storage.remove(file.fileName);
    const job = await imported(zip, 'kopia.zip');
    expect(job).toMatchObject({ status: 'done', kind: 'blog-zip', error: null });
    // Every image of this blog came back from the ZIP (only the old blog's addresses stay skipped).
    expect(job.result!.created.images).toBeGreaterThan(0);
    for (const name of images) expect(await storage.exists(name.slice('images/'.length)), name).toBe(true);
    const skippedImages = job.result!.skipped.filter((item) => item.kind === 'image');
    expect(skippedImages.filter((item) => !item.sourceId.startsWith('https://stary-blog'))).toEqual([]);
    const after = await exportDocument(sequelize, env.api.config.PUBLIC_URL);
    // Ids differ after a re-import: every reference is compared by what it names.
    expect(comparableTransfer(after)).toEqual(comparableTransfer(before));
    expect(await publishedEvents()).toBe('0');
  }, 90_000);
});
