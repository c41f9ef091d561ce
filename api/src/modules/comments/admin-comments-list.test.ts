// GET /api/admin/comments on the server: paging, search, filters, sorts, bad values, roles.
import type { AdminCommentPage } from '@blog/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TestBrowser } from '../../../test/browser.ts';
import { buildComment, buildPost } from '../../../test/factories.ts';
import { startTestApi, type TestApi } from '../../../test/harness.ts';
import { itRejectsListQueries, signedInAs } from '../../../test/signed-in.ts';
import { clientIp } from '../../../test/http.ts';
import { LIST_COUNT_CAP, LIST_SEARCH_COUNT_CAP } from '../../http/list-total.ts';

let api: TestApi;
let admin: TestBrowser;
let publisher: TestBrowser;
let subscriber: TestBrowser;

const signedIn = (role: 'admin' | 'publisher' | 'subscriber') => signedInAs(api, role);

beforeAll(async () => {
  api = await startTestApi({ TRUST_PROXY: '1' });
  admin = await signedIn('admin');
  publisher = await signedIn('publisher');
  subscriber = await signedIn('subscriber');
});
afterAll(async () => {
  await api?.close();
});

async function list(query: string, browser = admin): Promise<AdminCommentPage> {
  const res = await browser.call('GET', `/api/admin/comments?${query}`);
  expect(res.status, await res.clone().text()).toBe(200);
  return (await res.json()) as AdminCommentPage;
}

const authors = (page: AdminCommentPage) => page.items.map((comment) => comment.author);
const day = (d: number) => new Date(Date.UTC(2025, 0, d));

describe('GET /api/admin/comments: paging', () => {
  it('answers the envelope, 20 a page by default, newest first, a late page and a page past the end', async () => {
    const post = await buildPost();
    for (let index = 1; index <= 23; index += 1)
      await buildComment({ post, author: `Czytelnik ${index}`, createdAt: day(index) });
    const first = await list(`post=${post.id}`);
    expect(first).toMatchObject({ total: 23, page: 1, limit: 20, totalPages: 2 });
    expect(first.pending).toEqual(expect.any(Number));
    expect(authors(first).slice(0, 2)).toEqual(['Czytelnik 23', 'Czytelnik 22']);
    expect(authors(await list(`post=${post.id}&page=2`))).toEqual([
      'Czytelnik 3',
      'Czytelnik 2',
      'Czytelnik 1',
    ]);
    const small = await list(`post=${post.id}&limit=5&page=2`);
    expect(small).toMatchObject({ total: 23, page: 2, limit: 5, totalPages: 5 });
    expect(authors(small)[0]).toBe('Czytelnik 18');
    expect(await list(`post=${post.id}&page=9`)).toMatchObject({ items: [], total: 23, totalPages: 2 });
  });

  it('an empty result still has one page', async () => {
    const post = await buildPost();
    expect(await list(`post=${post.id}`)).toMatchObject({ items: [], total: 0, page: 1, totalPages: 1 });
  });
});

describe('GET /api/admin/comments: totals past 10,000 matches', () => {
  it('stops counting at 10,000 and says so; the queue and a last page stay exact', async () => {
    const post = await buildPost();
    const count = LIST_COUNT_CAP + 25;
    // By SQL: ten thousand comments through the factory would take minutes. The three newest wait.
    await api.runtime.sequelize.query(
      `INSERT INTO comments (post_id, author, email, content, status, created_at)
         SELECT :post, 'Masowy ' || i, 'masowy@example.com', 'Treść', CASE WHEN i <= 3 THEN 'pending' ELSE 'approved' END,
                now() - make_interval(secs => i)
           FROM generate_series(1, :count) i`,
      { replacements: { post: post.id, count } },
    );
    try {
      const first = await list(`post=${post.id}`);
      expect(first).toMatchObject({ total: LIST_COUNT_CAP + 1, totalExact: false, totalPages: 501 });
      expect(first.pending).toBeGreaterThanOrEqual(3);
      expect(authors(first)[0]).toBe('Masowy 1');
      const deep = await list(`post=${post.id}&page=501`);
      expect(deep).toMatchObject({ total: 10_021, totalExact: false, totalPages: 502 });
      expect(authors(deep)[0]).toBe('Masowy 10001');
      const last = await list(`post=${post.id}&page=502`);
      expect(last).toMatchObject({ total: count, totalExact: true, totalPages: 502 });
      expect(authors(last)).toEqual([21, 22, 23, 24, 25].map((n) => `Masowy 100${n}`));
      expect(await list(`post=${post.id}&page=2000`)).toMatchObject({
        items: [],
        total: count,
        totalExact: true,
      });
      expect(await list(`post=${post.id}&status=pending`)).toMatchObject({ total: 3, totalExact: true });
      // A search stops counting at 1,000; narrowed under that, it counts exactly again.
      expect(await list(`post=${post.id}&q=masowy`)).toMatchObject({
        total: LIST_SEARCH_COUNT_CAP + 1,
        totalExact: false,
        totalPages: 51,
      });
      expect(await list(`post=${post.id}&q=${encodeURIComponent('masowy 100')}`)).toMatchObject({
        total: 1 + 10 + 26,
        totalExact: true,
      });
    } finally {
      // Other files list every comment: the table goes back under the cap.
      await api.runtime.sequelize.query(`DELETE FROM comments WHERE post_id = :post`, {
        replacements: { post: post.id },
      });
    }
  });
});

describe('GET /api/admin/comments: search, filters, sorts', () => {
  it('searches author, e-mail and content, case-insensitive, Polish letters included', async () => {
    const post = await buildPost();
    const byAuthor = await buildComment({ post, author: 'Łukasz Gęślą' });
    const byEmail = await buildComment({ post, email: 'OLA.kot@example.com' });
    const byContent = await buildComment({ post, content: 'Zażółć GĘŚLĄ jaźń, świetny tekst' });
    await buildComment({ post, author: 'Ktoś', content: 'Nic wspólnego' });
    const ids = async (q: string) =>
      (await list(`post=${post.id}&q=${encodeURIComponent(q)}`)).items.map((c) => c.id).sort();
    expect(await ids('gęślą')).toEqual([byAuthor.id, byContent.id].sort());
    expect(await ids('  ŁUKASZ ')).toEqual([byAuthor.id]);
    expect(await ids('ola.KOT@')).toEqual([byEmail.id]);
    expect(await ids('JAŹŃ')).toEqual([byContent.id]);
    // LIKE's wildcards are text like any other.
    expect(await ids('%')).toEqual([]);
    expect(await ids('_')).toEqual([]);
    expect(await ids('   ')).toHaveLength(4);
  });

  it('filters by status (approved, pending) and post; pending counts the whole queue', async () => {
    const post = await buildPost();
    const approved = await buildComment({ post });
    const pending = await buildComment({ post, status: 'pending' });
    const elsewhere = await buildComment({ status: 'pending' });
    const one = async (query: string) => (await list(`post=${post.id}&${query}`)).items.map((c) => c.id);
    expect(await one('status=approved')).toEqual([approved.id]);
    expect(await one('status=pending')).toEqual([pending.id]);
    const page = await list(`post=${post.id}&status=pending`);
    expect(page.items[0]).toMatchObject({ id: pending.id, status: 'pending' });
    // The queue's length ignores the filters: this post's pending comment and the other post's.
    expect(page.pending).toBeGreaterThanOrEqual(2);
    const all = await list(`status=pending&limit=100`);
    expect(all.items.map((c) => c.id)).toEqual(expect.arrayContaining([pending.id, elsewhere.id]));
    expect(all.pending).toBe(all.total);
  });

  it('sorts by date and by author (case-insensitive), either way, ties broken by id', async () => {
    const post = await buildPost();
    for (const [author, created] of [
      ['bravo', 1],
      ['Alfa', 2],
      ['Charlie', 3],
    ] as const)
      await buildComment({ post, author, createdAt: day(created) });
    const sorted = async (query: string) => authors(await list(`post=${post.id}&${query}`));
    expect(await sorted('')).toEqual(['Charlie', 'Alfa', 'bravo']);
    expect(await sorted('order=asc')).toEqual(['bravo', 'Alfa', 'Charlie']);
    expect(await sorted('sort=author&order=asc')).toEqual(['Alfa', 'bravo', 'Charlie']);
    expect(await sorted('sort=author')).toEqual(['Charlie', 'bravo', 'Alfa']);
  });
});

describe('GET /api/admin/comments: roles and bad values', () => {
  it('a publisher moderates every comment, as an admin does (docs/roles.md); others are refused', async () => {
    const post = await buildPost({ published: false });
    const comment = await buildComment({ post, status: 'pending' });
    expect((await list(`post=${post.id}`, publisher)).items.map((c) => c.id)).toEqual([comment.id]);
    expect((await subscriber.call('GET', '/api/admin/comments')).status).toBe(403);
    expect((await new TestBrowser(api, clientIp()).call('GET', '/api/admin/comments')).status).toBe(401);
  });

  itRejectsListQueries('/api/admin/comments', () => admin, [
    ['page=0', 'page', 'Numer strony musi być liczbą całkowitą od 1 do 100000.'],
    ['page=1&page=2', 'page', 'Numer strony musi być liczbą całkowitą od 1 do 100000.'],
    ['limit=101', 'limit', 'Liczba wyników na stronie musi być liczbą całkowitą od 1 do 100.'],
    ['limit=2.5', 'limit', 'Liczba wyników na stronie musi być liczbą całkowitą od 1 do 100.'],
    [`q=${'a'.repeat(101)}`, 'q', 'Wyszukiwana fraza może mieć najwyżej 100 znaków.'],
    ['sort=email', 'sort', 'Nieprawidłowe pole sortowania.'],
    ['order=up', 'order', 'Kierunek sortowania musi mieć wartość asc lub desc.'],
    ['status=rejected', 'status', 'Nieprawidłowy status.'],
    ['post=x', 'post', 'Nieprawidłowy identyfikator.'],
    ['post=99999999999', 'post', 'Nieprawidłowy identyfikator.'],
  ]);
});
