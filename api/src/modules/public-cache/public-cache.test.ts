import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildCategory, buildPost, uniqueSuffix } from '../../../test/factories.ts';
import { startTestApi, type TestApi } from '../../../test/harness.ts';
import { clientIp } from '../../../test/http.ts';
import { startSecondApi } from '../../../test/second-api.ts';

const INDEX = `<!doctype html><html lang="pl"><head><title>Uwaga, Chaos</title></head><body><div id="root"></div></body></html>`;

let api: TestApi;
let second: Awaited<ReturnType<typeof startSecondApi>>;
let webDistDir: string;

beforeAll(async () => {
  webDistDir = await mkdtemp(path.join(os.tmpdir(), 'blog-web-cache-'));
  await writeFile(path.join(webDistDir, 'index.html'), INDEX);
  api = await startTestApi({ TRUST_PROXY: '1' }, { webDistDir });
  second = await startSecondApi(api, { webDistDir });
}, 60_000);
afterAll(async () => {
  await second?.process.stop();
  await api?.close();
  await rm(webDistDir, { recursive: true, force: true });
});

/**
 * A write made straight in the database (no request of either process): the triggers notify both
 * processes; this process's own view is awaited so the check below is not a race with the socket.
 */
const settled = () => api.runtime.publicCache.changes.settled();
const origins = () => [`http://127.0.0.1:${api.port}`, second.origin];
const sql = (statement: string, replacements: Record<string, unknown>) =>
  api.runtime.sequelize.query(statement, { replacements });

async function getJson(origin: string, pathname: string): Promise<{ status: number; body: unknown }> {
  const res = await fetch(`${origin}${pathname}`);
  return { status: res.status, body: res.status === 200 ? await res.json() : undefined };
}

/**
 * What both processes answer. This process has the change in memory (settled); the other one
 * gets it when PostgreSQL delivers the notification to it — under a millisecond on an idle
 * machine, a few under load — so its answer is read again for up to a second before it counts.
 */
async function bothJson(pathname: string): Promise<{ status: number; body: unknown }[]> {
  const here = await getJson(origins()[0]!, pathname);
  const deadline = Date.now() + 1000;
  let there = await getJson(second.origin, pathname);
  while (JSON.stringify(there) !== JSON.stringify(here) && Date.now() < deadline) {
    await new Promise((resolve) => setTimeout(resolve, 10));
    there = await getJson(second.origin, pathname);
  }
  return [here, there];
}

type Summary = { slug: string; title: string; categories: { name: string }[] };
const titlesOf = (answer: { body: unknown }) =>
  ((answer.body as Summary[] | undefined) ?? []).map((p) => p.title);

describe('public cache across two API processes', () => {
  it('shows every kind of change at once in the list and the article, on both processes', async () => {
    const token = `pamiec${uniqueSuffix().replace(/\W/g, '')}`;
    const category = await buildCategory();
    const post = await buildPost({ title: `Pierwszy ${token}`, categories: [category] });
    const list = `/api/posts?page=1&limit=6&q=${token}`;
    const article = `/api/posts/${post.slug}`;

    // Warm both caches (twice, so the second answer comes from memory).
    for (let round = 0; round < 2; round += 1) {
      for (const answer of await bothJson(list)) expect(titlesOf(answer)).toEqual([`Pierwszy ${token}`]);
      for (const answer of await bothJson(article)) expect(answer.status).toBe(200);
    }

    // Edit straight in the database: nobody tells the cache, the database does.
    await sql('UPDATE posts SET title = :title, updated_at = now() WHERE id = :id', {
      title: `Zmieniony ${token}`,
      id: post.id,
    });
    await settled();
    for (const answer of await bothJson(list)) expect(titlesOf(answer)).toEqual([`Zmieniony ${token}`]);
    for (const answer of await bothJson(article)) {
      expect((answer.body as Summary).title).toBe(`Zmieniony ${token}`);
    }

    // Category rename.
    await sql('UPDATE categories SET name = :name WHERE id = :id', {
      name: `Nowa ${token}`,
      id: category.id,
    });
    await settled();
    for (const answer of await bothJson(list)) {
      expect((answer.body as Summary[])[0].categories.map((c) => c.name)).toEqual([`Nowa ${token}`]);
    }

    // Category hidden: the post disappears; shown again: it is back.
    await sql('UPDATE categories SET enabled = false WHERE id = :id', { id: category.id });
    await settled();
    for (const answer of await bothJson(list)) expect(titlesOf(answer)).toEqual([]);
    for (const answer of await bothJson(article)) expect(answer.status).toBe(404);
    await sql('UPDATE categories SET enabled = true WHERE id = :id', { id: category.id });
    await settled();
    for (const answer of await bothJson(article)) expect(answer.status).toBe(200);

    // Unpublished, then published again (a new post appearing is the same change).
    await sql('UPDATE posts SET published = false WHERE id = :id', { id: post.id });
    await settled();
    for (const answer of await bothJson(list)) expect(titlesOf(answer)).toEqual([]);
    for (const answer of await bothJson(article)) expect(answer.status).toBe(404);
    await sql('UPDATE posts SET published = true WHERE id = :id', { id: post.id });
    await settled();
    for (const answer of await bothJson(list)) expect(titlesOf(answer)).toEqual([`Zmieniony ${token}`]);

    // A new comment through the public API of the first process shows on the second.
    const comment = { author: 'Ola', email: 'ola@example.com', content: `Komentarz ${token}` };
    const res = await api.send('POST', `/api/posts/${post.id}/comments`, comment, { ip: clientIp() });
    expect(res.status).toBe(201);
    for (const answer of await bothJson(article)) {
      const comments = (answer.body as { comments: { content: string }[] }).comments;
      expect(comments.map((c) => c.content)).toEqual([`Komentarz ${token}`]);
    }

    // Deleted.
    await sql('DELETE FROM posts WHERE id = :id', { id: post.id });
    await settled();
    for (const answer of await bothJson(list)) expect(titlesOf(answer)).toEqual([]);
    for (const answer of await bothJson(article)) expect(answer.status).toBe(404);
  });

  it('updates the served HTML of an article and the feeds at once', async () => {
    const post = await buildPost({ categories: [await buildCategory()] });
    for (const origin of origins()) {
      expect(await (await fetch(`${origin}/post/${post.slug}`)).text()).toContain(post.title);
      expect(await (await fetch(`${origin}/rss.xml`)).text()).toContain(post.slug);
    }
    await sql('UPDATE posts SET published = false WHERE id = :id', { id: post.id });
    await settled();
    for (const origin of origins()) {
      expect((await fetch(`${origin}/post/${post.slug}`)).status).toBe(404);
      expect(await (await fetch(`${origin}/rss.xml`)).text()).not.toContain(post.slug);
      expect(await (await fetch(`${origin}/sitemap.xml`)).text()).not.toContain(post.slug);
    }
  });

  it('answers 304 to a matching If-None-Match, the same ETag from both processes', async () => {
    const post = await buildPost({ categories: [await buildCategory()] });
    for (const pathname of [`/api/posts/${post.slug}`, `/post/${post.slug}`, '/rss.xml', '/']) {
      const first = await fetch(`${origins()[0]}${pathname}`);
      const etag = first.headers.get('etag');
      expect(etag, pathname).toMatch(/^"[^"]+"$/);
      for (const origin of origins()) {
        const again = await fetch(`${origin}${pathname}`, { headers: { 'if-none-match': etag! } });
        expect(again.status, `${origin}${pathname}`).toBe(304);
        expect(await again.text()).toBe('');
      }
      const other = await fetch(`${origins()[0]}${pathname}`, { headers: { 'if-none-match': '"inny"' } });
      expect(other.status).toBe(200);
    }
  });

  it('keeps the security headers on answers served from memory', async () => {
    const post = await buildPost({ categories: [await buildCategory()] });
    await fetch(`${origins()[0]}/api/posts/${post.slug}`);
    const cached = await fetch(`${origins()[0]}/api/posts/${post.slug}`);
    expect(cached.headers.get('content-security-policy')).toContain("default-src 'self'");
    expect(cached.headers.get('x-content-type-options')).toBe('nosniff');
    // Without a purge target every cache revalidates it each time (shared-caching.ts).
    expect(cached.headers.get('cache-control')).toBe('no-cache');
  });
});
