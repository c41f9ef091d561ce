// GET /api/admin/users on the server: paging, search, filters, sorts, bad values, roles.
import type { AdminUserPage } from '@blog/shared';
import { beforeAll, describe, expect, it } from 'vitest';
import { type TestBrowser } from '../../../test/browser.ts';
import { buildUser, uniqueSuffix } from '../../../test/factories.ts';
import { testApiForFile } from '../../../test/file-api.ts';
import { adminListPage, itRejectsListQueries, signedInAs } from '../../../test/signed-in.ts';
import { LIST_COUNT_CAP, LIST_SEARCH_COUNT_CAP } from '../../http/list-total.ts';

let admin: TestBrowser;

const signedIn = (role: 'admin' | 'publisher' | 'subscriber') => signedInAs(api, role);

const api = testApiForFile({ TRUST_PROXY: '1' });
beforeAll(async () => {
  admin = await signedIn('admin');
});

const list = (query: string) => adminListPage<AdminUserPage>(admin, `/api/admin/users?${query}`);

/** A word only this test's users carry (other test files add users to the same table meanwhile). */
const marker = () => `zn${uniqueSuffix().replace(/-/g, '')}`;
const names = (page: AdminUserPage) => page.items.map((user) => user.username);

describe('GET /api/admin/users', () => {
  it('answers the envelope, 20 a page by default, by username; later pages and a page past the end', async () => {
    const tag = marker();
    for (let index = 1; index <= 23; index += 1)
      await buildUser({ username: `${tag}-${String(index).padStart(2, '0')}` });
    const first = await list(`q=${tag}`);
    expect(first).toMatchObject({ total: 23, page: 1, limit: 20, totalPages: 2 });
    expect(names(first).slice(0, 2)).toEqual([`${tag}-01`, `${tag}-02`]);
    expect(names(await list(`q=${tag}&page=2`))).toEqual([`${tag}-21`, `${tag}-22`, `${tag}-23`]);
    expect(await list(`q=${tag}&limit=5&page=5`)).toMatchObject({ total: 23, limit: 5, totalPages: 5 });
    expect(await list(`q=${tag}&page=9`)).toMatchObject({ items: [], total: 23, totalPages: 2 });
    expect(await list(`q=${marker()}`)).toEqual({
      items: [],
      total: 0,
      page: 1,
      limit: 20,
      totalPages: 1,
      totalExact: true,
    });
  });

  it('searches username, display name and e-mail, case-insensitive, Polish letters included; % and _ are text', async () => {
    const tag = marker();
    const byName = await buildUser({ username: `${tag}-kot` });
    const byDisplay = await buildUser({ displayName: `Zażółć GĘŚLĄ ${tag}` });
    const byEmail = await buildUser({ email: `${tag}.łoś@example.com` });
    const withWildcards = await buildUser({ displayName: `${tag} 100%_pewny` });
    const ids = async (q: string) =>
      (await list(`q=${encodeURIComponent(q)}&limit=100`)).items.map((user) => user.id).sort();
    expect(await ids(tag)).toEqual([byName.id, byDisplay.id, byEmail.id, withWildcards.id].sort());
    expect(await ids(`gęślą ${tag}`.toUpperCase())).toEqual([byDisplay.id]);
    expect(await ids(`  ${tag}.ŁOŚ@`)).toEqual([byEmail.id]);
    expect(await ids(`${tag} 100%_`)).toEqual([withWildcards.id]);
    // A literal % or _ matches only itself, not any text.
    expect(await ids(`${tag}%kot`)).toEqual([]);
    expect(await ids(`${tag}_kot`)).toEqual([]);
  });

  it('filters by role and status and sorts by username, creation or e-mail, either way', async () => {
    const tag = marker();
    const day = (d: number) => new Date(Date.UTC(2025, 2, d));
    const bravo = await buildUser({ username: `${tag}-b`, role: 'publisher', email: `a-${tag}@x.pl` });
    const alfa = await buildUser({ username: `${tag}-a`, isActive: false, email: null });
    const charlie = await buildUser({ username: `${tag}-c`, role: 'admin', email: `c-${tag}@x.pl` });
    for (const [user, created] of [
      [bravo, 1],
      [alfa, 3],
      [charlie, 2],
    ] as const)
      await api.runtime.sequelize.query('UPDATE users SET created_at = :at WHERE id = :id', {
        replacements: { at: day(created), id: user.id },
      });
    const sorted = async (query: string) => names(await list(`q=${tag}&${query}`));
    expect(await sorted('role=publisher')).toEqual([`${tag}-b`]);
    expect(await sorted('role=subscriber')).toEqual([`${tag}-a`]);
    expect(await sorted('status=inactive')).toEqual([`${tag}-a`]);
    expect(await sorted('status=active&role=admin')).toEqual([`${tag}-c`]);
    expect(await sorted('order=desc')).toEqual([`${tag}-c`, `${tag}-b`, `${tag}-a`]);
    expect(await sorted('sort=createdAt&order=desc')).toEqual([`${tag}-a`, `${tag}-c`, `${tag}-b`]);
    // Without an e-mail, last either way.
    expect(await sorted('sort=email')).toEqual([`${tag}-b`, `${tag}-c`, `${tag}-a`]);
    expect(await sorted('sort=email&order=desc')).toEqual([`${tag}-c`, `${tag}-b`, `${tag}-a`]);
  });

  it('counts every filter when the page is not the last (the capped count renders the same WHERE)', async () => {
    const tag = marker();
    for (const letter of ['a', 'b', 'c'])
      await buildUser({ username: `${tag}-${letter}`, role: 'publisher', isActive: letter !== 'c' });
    await buildUser({ username: `${tag}-d`, isActive: false });
    const total = async (query: string) => {
      const res = await admin.call('GET', `/api/admin/users?q=${tag}&limit=1&${query}`);
      expect(res.status, query).toBe(200);
      return ((await res.json()) as { total: number }).total;
    };
    expect(await total('role=publisher')).toBe(3);
    expect(await total('status=active')).toBe(2);
    expect(await total('status=inactive')).toBe(2);
    expect(await total('status=inactive&role=publisher')).toBe(1);
    expect(await total('sort=email&order=desc')).toBe(4);
  });

  itRejectsListQueries('/api/admin/users', () => admin, [
    ['page=0', 'page', 'Numer strony musi być liczbą całkowitą od 1 do 100000.'],
    ['page=1&page=2', 'page', 'Numer strony musi być liczbą całkowitą od 1 do 100000.'],
    ['limit=101', 'limit', 'Liczba wyników na stronie musi być liczbą całkowitą od 1 do 100.'],
    [`q=${'a'.repeat(101)}`, 'q', 'Wyszukiwana fraza może mieć najwyżej 100 znaków.'],
    ['sort=passwordHash', 'sort', 'Nieprawidłowe pole sortowania.'],
    ['order=up', 'order', 'Kierunek sortowania musi mieć wartość asc lub desc.'],
    ['status=deleted', 'status', 'Nieprawidłowy status.'],
    ['role=root', 'role', 'Nieprawidłowa rola (admin, publisher lub subscriber).'],
  ]);

  it('is for admins only: a publisher and a subscriber get 403, a visitor 401', async () => {
    expect((await (await signedIn('publisher')).call('GET', '/api/admin/users')).status).toBe(403);
    expect((await (await signedIn('subscriber')).call('GET', '/api/admin/users')).status).toBe(403);
    expect((await api.fetch('/api/admin/users')).status).toBe(401);
  });
});

describe('GET /api/admin/users: totals past 10,000 matches', () => {
  it('stops counting at 10,000 (a search at 1,000) and says so; a last page and a page past the end are exact', async () => {
    const tag = marker();
    const count = LIST_COUNT_CAP + 25;
    // By SQL: ten thousand accounts through the factory would take minutes.
    await api.runtime.sequelize.query(
      `INSERT INTO users (username, password_hash)
         SELECT :tag || '-' || lpad(i::text, 5, '0'), 'x' FROM generate_series(1, :count) i`,
      { replacements: { tag, count } },
    );
    try {
      expect(await list('')).toMatchObject({ total: LIST_COUNT_CAP + 1, totalExact: false, totalPages: 501 });
      const first = await list(`q=${tag}`);
      expect(first).toMatchObject({ total: LIST_SEARCH_COUNT_CAP + 1, totalExact: false, totalPages: 51 });
      expect(names(first)[0]).toBe(`${tag}-00001`);
      // Deeper than the cap: the total stays a lower bound one page ahead, so „next” stays available.
      const deep = await list(`q=${tag}&page=501`);
      expect(deep).toMatchObject({ total: 10_021, totalExact: false, totalPages: 502 });
      expect(names(deep)[0]).toBe(`${tag}-10001`);
      const last = await list(`q=${tag}&page=502`);
      expect(last).toMatchObject({ total: count, totalExact: true, totalPages: 502 });
      expect(names(last)).toEqual([21, 22, 23, 24, 25].map((n) => `${tag}-100${n}`));
      expect(await list(`q=${tag}&page=2000`)).toMatchObject({ items: [], total: count, totalExact: true });
      // A filter narrowing it under the cap counts exactly again.
      expect(await list(`q=${tag}-100`)).toMatchObject({ total: 26, totalExact: true });
    } finally {
      // Other files list every account: the table goes back under the cap.
      await api.runtime.sequelize.query(`DELETE FROM users WHERE username LIKE :prefix`, {
        replacements: { prefix: `${tag}-%` },
      });
    }
  });
});
