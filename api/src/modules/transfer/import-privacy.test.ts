// An import never widens who can read anything (docs/importing.md). A WordPress export (a post with a
// password, private, pending, draft, future ahead and past, and published ones dated 9999, with no date
// and in 1950), a Ghost export (members, paid, tiers, an unknown visibility, scheduled, a draft) and
// this blog's own export (a draft, scheduled ahead and past, published and scheduled at once) come in
// over HTTP as the panel does it and through `npm run import`; then every place a visitor reads is
// fetched from the built product: none shows a withheld post, each of which is in the report with its
// reason, and nobody is e-mailed, also when such a post is published later. Fixtures and the cases:
// api/test/import-privacy.fixtures.ts.
import { execFile } from 'node:child_process';
import { existsSync } from 'node:fs';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { categoryPath, tagPath } from '@blog/shared/addresses';
import { QueryTypes } from 'sequelize';
import { beforeAll, describe, expect, inject, it } from 'vitest';
import type { TestBrowser } from '../../../test/browser.ts';
import { signedInAs } from '../../../test/signed-in.ts';
import { rendererFile } from '../public-pages/page-renderer.ts';
import { publishDuePosts } from '../posts/scheduled-publishing.ts';
import {
  CATEGORY,
  COMMENT,
  PRIVACY_BLOG,
  PRIVACY_GHOST,
  PRIVACY_WXR,
  PUBLIC_SLUGS,
  SEARCH_WORD,
  SECRET,
  TAG,
  WITHHELD,
  withheldOf,
} from '../../../test/import-privacy.fixtures.ts';
import { api, importOverHttp, useEmptyBlog } from '../../../test/import.fixtures.ts';

const repoRoot = fileURLToPath(new URL('../../../../', import.meta.url));
const webDistDir = path.join(repoRoot, 'web/dist');
if (!existsSync(rendererFile(webDistDir)))
  throw new Error('web/dist-server/entry-server.js is missing: run `npm run build` first');

useEmptyBlog({ webDistDir });

let admin: TestBrowser;
beforeAll(async () => {
  admin = await signedInAs(api, 'admin');
});

/** `npm run import -- FILE` against the test blog, as the operator runs it. */
async function importWithCli(content: string): Promise<string> {
  const folder = await mkdtemp(path.join(os.tmpdir(), 'blog-import-privacy-'));
  try {
    const file = path.join(folder, 'blog-export.json');
    await writeFile(file, content);
    const { stdout } = await promisify(execFile)(
      process.execPath,
      ['--import', 'tsx', path.join(repoRoot, 'infra/src/ops/import-cli.ts'), file],
      {
        cwd: repoRoot,
        env: {
          PATH: process.env.PATH ?? '',
          HOME: process.env.HOME ?? '',
          DATABASE_URL: api.config.DATABASE_URL,
          DATA_DIR: api.config.dataDir,
          REDIS_URL: inject('redisUrl'),
          REDIS_PREFIX: api.config.REDIS_PREFIX,
          PUBLIC_URL: api.config.PUBLIC_URL,
        },
      },
    );
    return stdout;
  } finally {
    await rm(folder, { recursive: true, force: true });
  }
}

const rows = <T extends object>(sql: string, replacements: Record<string, unknown> = {}) =>
  api.runtime.sequelize.query<T>(sql, { type: QueryTypes.SELECT, replacements });

const postIdOf = async (slug: string) =>
  (await rows<{ id: number }>('SELECT id FROM posts WHERE slug = :slug', { slug }))[0]!.id;

const publishedEvents = async () =>
  rows<{ payload: { postId: number } }>("SELECT payload FROM outbox_events WHERE type = 'post.published'");

/** The JSON-LD blocks of an HTML page, parsed (a page may carry none). */
const jsonLdOf = (html: string): unknown[] =>
  [...html.matchAll(/<script type="application\/ld\+json">([\s\S]*?)<\/script>/g)].map(
    (match) => JSON.parse(match[1]!) as unknown,
  );

/** What a visitor reads at `pathname`: the status and the whole answer (HTML, XML or JSON). */
async function visit(pathname: string): Promise<{ status: number; body: string }> {
  const res = await api.fetch(pathname);
  return { status: res.status, body: await res.text() };
}

/** Whatever of the withheld posts `body` shows: their secret text, slugs or titles. */
const leaks = (body: string) =>
  [SECRET, ...WITHHELD.flatMap((post) => [`/${post.slug}`, `"${post.slug}"`, post.title])].filter((text) =>
    body.includes(text),
  );

describe('an import never widens who can read anything', () => {
  it('keeps every withheld post of a WordPress, Ghost and blog export off every page a visitor reads, and names each with its reason', async () => {
    const wordpress = await importOverHttp(admin, PRIVACY_WXR, 'wordpress.xml');
    const ghost = await importOverHttp(admin, PRIVACY_GHOST, 'ghost.json');
    const printed = await importWithCli(PRIVACY_BLOG);

    // The report: every withheld post, in the file's order, with its reason (the panel's job answer is
    // checked against the contract on its way out).
    for (const [job, source] of [
      [wordpress, 'wordpress'],
      [ghost, 'ghost'],
    ] as const) {
      expect(job.status, job.error ?? '').toBe('done');
      expect(job.result!.withheld).toEqual(
        withheldOf(source).map(({ sourceId, title, reason }) => ({ sourceId, title, reason })),
      );
    }
    for (const post of withheldOf('blog'))
      expect(printed).toContain(
        `Niewidoczny dla czytelników (post ${post.sourceId}, „${post.title}”): ${post.reason}\n`,
      );

    // As the report says: drafts, or scheduled at the source's moment.
    const stored = await rows<{ slug: string; published: boolean; scheduled_at: Date | null }>(
      'SELECT slug, published, scheduled_at FROM posts WHERE slug IN (:slugs)',
      { slugs: WITHHELD.map((post) => post.slug) },
    );
    expect(stored).toHaveLength(WITHHELD.length);
    for (const post of WITHHELD) {
      const row = stored.find((candidate) => candidate.slug === post.slug)!;
      expect(row.published, post.slug).toBe(false);
      if (post.state === 'draft') expect(row.scheduled_at, post.slug).toBeNull();
      else expect(row.scheduled_at?.toISOString(), post.slug).toMatch(/-06-15T08:00:00\.000Z$/);
    }

    // Every place a visitor reads a list of posts: each shows the public posts (so it is really
    // looked at) and nothing of a withheld one.
    await api.runtime.publicCache.changes.settled();
    const [category] = await rows<{ id: number }>('SELECT id FROM categories WHERE name = :name', {
      name: CATEGORY,
    });
    const lists = [
      '/api/posts',
      `/api/posts?q=${SEARCH_WORD}`,
      `/api/posts?page=1&limit=50&q=${SEARCH_WORD}`,
      `/api/posts?category=${category!.id}`,
      '/',
      '/posts',
      `/posts?q=${SEARCH_WORD}`,
      categoryPath({ id: category!.id, name: CATEGORY }),
      tagPath(TAG),
      '/rss.xml',
      `/rss/category/${category!.id}.xml`,
      `/rss/tag/${encodeURIComponent(TAG)}.xml`,
      '/sitemap.xml',
    ];
    for (const pathname of lists) {
      const { status, body } = await visit(pathname);
      expect(status, pathname).toBe(200);
      expect(leaks(body), pathname).toEqual([]);
      expect(
        PUBLIC_SLUGS.filter((slug) => body.includes(slug)),
        pathname,
      ).not.toEqual([]);
    }

    // Each public post's article answers (the way to read one works), with its JSON-LD...
    for (const slug of PUBLIC_SLUGS) {
      expect((await visit(`/api/posts/${slug}`)).status, slug).toBe(200);
      const article = await visit(`/post/${slug}`);
      expect(article.status, slug).toBe(200);
      expect(JSON.stringify(jsonLdOf(article.body)), slug).toContain(slug);
      expect(leaks(article.body), slug).toEqual([]);
    }
    // ... and no withheld one does, by its slug or its id, in the API or as a page.
    for (const post of WITHHELD) {
      const id = await postIdOf(post.slug);
      for (const pathname of [
        `/api/posts/${post.slug}`,
        `/api/posts/${id}`,
        `/post/${post.slug}`,
        `/post/${id}`,
      ]) {
        const { status, body } = await visit(pathname);
        expect(status, pathname).toBe(404);
        expect(body, pathname).not.toContain(SECRET);
        expect(JSON.stringify(jsonLdOf(body)), pathname).not.toContain(post.slug);
      }
    }
    // Importing sends nothing.
    expect(await publishedEvents()).toEqual([]);
  }, 120_000);

  it('keeps the comments of a withheld post until it is published, and e-mails nobody when it is, nor when a scheduled one goes live', async () => {
    const protectedId = await postIdOf('wp-haslo');
    const [{ n }] = (await rows<{ n: string }>('SELECT count(*) AS n FROM comments WHERE post_id = :id', {
      id: protectedId,
    })) as [{ n: string }];
    expect(Number(n)).toBe(1);

    // An admin publishes the protected post: its comment comes with it, announced to nobody.
    const toggled = await admin.call('PATCH', `/api/admin/posts/${protectedId}/toggle-visibility`);
    expect(toggled.status).toBe(200);
    const article = await visit('/api/posts/wp-haslo');
    expect(article.status).toBe(200);
    expect(JSON.parse(article.body)).toMatchObject({
      comments: [expect.objectContaining({ content: COMMENT })],
    });
    // So is a draft the source never published.
    const draftId = await postIdOf('wp-szkic');
    expect((await admin.call('PATCH', `/api/admin/posts/${draftId}/toggle-visibility`)).status).toBe(200);
    expect((await visit('/api/posts/wp-szkic')).status).toBe(200);

    // The scheduled posts told the worker their moments, as the panel's scheduling does.
    const scheduled = WITHHELD.filter((post) => post.state === 'scheduled');
    const planned = await rows<{ payload: { postId: number } }>(
      "SELECT payload FROM outbox_events WHERE type = 'post.scheduled'",
    );
    expect(planned.map((event) => event.payload.postId).sort()).toEqual(
      (await Promise.all(scheduled.map((post) => postIdOf(post.slug)))).sort(),
    );
    // Their moment comes (as if a year passed) and the sweep publishes them: still nobody is e-mailed.
    await api.runtime.sequelize.query(
      "UPDATE posts SET scheduled_at = now() - interval '1 second' WHERE slug IN (:slugs)",
      { replacements: { slugs: scheduled.map((post) => post.slug) } },
    );
    const published = await publishDuePosts(api.runtime);
    expect(published).toHaveLength(scheduled.length);
    await api.runtime.publicCache.changes.settled();
    for (const post of scheduled)
      expect((await visit(`/api/posts/${post.slug}`)).status, post.slug).toBe(200);
    const firstPublished = await rows<{ first_published_at: Date | null }>(
      'SELECT first_published_at FROM posts WHERE id IN (:ids)',
      { ids: published },
    );
    expect(firstPublished.every((row) => row.first_published_at !== null)).toBe(true);
    expect(await publishedEvents()).toEqual([]);
  }, 60_000);
});
