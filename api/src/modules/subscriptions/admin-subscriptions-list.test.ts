// GET /api/admin/subscriptions and its CSV export on the server.
import type { AdminSubscriptionPage } from '@blog/shared';
import { beforeAll, describe, expect, it } from 'vitest';
import { type TestBrowser } from '../../../test/browser.ts';
import { buildCategory, buildSubscription, uniqueSuffix } from '../../../test/factories.ts';
import { testApiForFile } from '../../../test/file-api.ts';
import { adminListPage, itRejectsListQueries, signedInAs } from '../../../test/signed-in.ts';
import { readError } from '../../../test/http.ts';
import { LIST_COUNT_CAP, LIST_SEARCH_COUNT_CAP } from '../../http/list-total.ts';
import { csvCell } from './subscriptions-csv.ts';

let admin: TestBrowser;
const HOUR = 3_600_000;

const signedIn = (role: 'admin' | 'publisher' | 'subscriber') => signedInAs(api, role);

const api = testApiForFile({ TRUST_PROXY: '1' });
beforeAll(async () => {
  admin = await signedIn('admin');
});

const list = (query: string) =>
  adminListPage<AdminSubscriptionPage>(admin, `/api/admin/subscriptions?${query}`);

const emails = (page: AdminSubscriptionPage) => page.items.map((item) => item.email);
const at = (day: number) => new Date(Date.UTC(2025, 3, day, 10, 30));

/** One category of its own with an active, a waiting, an unsubscribed and a lapsed subscription. */
async function fourStates() {
  const category = await buildCategory();
  const tag = `st${uniqueSuffix().replace(/-/g, '')}`;
  const active = await buildSubscription({ category, email: `${tag}-aktywny@example.com`, createdAt: at(1) });
  const pending = await buildSubscription({
    category,
    email: `${tag}-czeka@example.com`,
    active: false,
    confirmationExpiresAt: new Date(Date.now() + HOUR),
    createdAt: at(2),
  });
  const unsubscribed = await buildSubscription({
    category,
    email: `${tag}-wypisany@example.com`,
    active: false,
    createdAt: at(3),
  });
  const lapsed = await buildSubscription({
    category,
    email: `${tag}-przeterminowany@example.com`,
    active: false,
    confirmationExpiresAt: new Date(Date.now() - HOUR),
    createdAt: at(4),
  });
  return { category, tag, active, pending, unsubscribed, lapsed };
}

describe('GET /api/admin/subscriptions', () => {
  it('answers the envelope, 20 a page by default, newest first, with the category and the state', async () => {
    const category = await buildCategory();
    for (let index = 1; index <= 23; index += 1)
      await buildSubscription({
        category,
        email: `n${index}-${category.id}@example.com`,
        createdAt: at(index),
      });
    const first = await list(`category=${category.id}`);
    expect(first).toMatchObject({ total: 23, page: 1, limit: 20, totalPages: 2 });
    expect(first.items[0]).toMatchObject({
      email: `n23-${category.id}@example.com`,
      category: { id: category.id, name: category.name },
      active: true,
      status: 'active',
      createdAt: at(23).toISOString(),
    });
    expect(emails(await list(`category=${category.id}&page=2`))).toEqual(
      [3, 2, 1].map((n) => `n${n}-${category.id}@example.com`),
    );
    expect(await list(`category=${category.id}&page=7`)).toMatchObject({ items: [], totalPages: 2 });
    expect(await list(`category=${category.id}&status=pending`)).toEqual({
      items: [],
      total: 0,
      page: 1,
      limit: 20,
      totalPages: 1,
      totalExact: true,
    });
  });

  it('filters by the real states: active, waiting for confirmation, inactive (unsubscribed or lapsed)', async () => {
    const { category, active, pending, unsubscribed, lapsed } = await fourStates();
    const ids = async (status: string) =>
      (await list(`category=${category.id}&status=${status}`)).items.map((item) => item.id);
    expect(await ids('active')).toEqual([active.id]);
    expect(await ids('pending')).toEqual([pending.id]);
    expect(await ids('inactive')).toEqual([lapsed.id, unsubscribed.id]);
    const states = (await list(`category=${category.id}`)).items.map((item) => item.status);
    expect(states).toEqual(['inactive', 'inactive', 'pending', 'active']);
  });

  it('searches the e-mail and the category name, Polish letters included; % and _ are text', async () => {
    const category = await buildCategory({ name: `Żeglarstwo ${uniqueSuffix()}` });
    const other = await buildCategory();
    const tag = `sz${uniqueSuffix().replace(/-/g, '')}`;
    const polish = await buildSubscription({ category: other, email: `${tag}.źdźbło@example.com` });
    const wild = await buildSubscription({ category: other, email: `${tag}_100%@example.com` });
    const plain = await buildSubscription({ category: other, email: `${tag}x1000@example.com` });
    const inCategory = await buildSubscription({ category });
    const ids = async (q: string, extra = '') =>
      (await list(`q=${encodeURIComponent(q)}${extra}`)).items.map((item) => item.id).sort();
    expect(await ids(tag)).toEqual([polish.id, wild.id, plain.id].sort());
    expect(await ids(`${tag}.ŹDŹBŁO`)).toEqual([polish.id]);
    expect(await ids(`${tag}_`)).toEqual([wild.id]);
    expect(await ids('100%@')).toEqual([wild.id]);
    expect(await ids(`${tag}%`)).toEqual([]);
    expect(await ids(category.name.toUpperCase())).toEqual([inCategory.id]);
    expect(await ids(tag, `&category=${category.id}`)).toEqual([]);
  });

  it('sorts by e-mail (ignoring case) or date, either way', async () => {
    const category = await buildCategory();
    for (const [email, day] of [
      ['Bravo', 1],
      ['alfa', 3],
      ['charlie', 2],
    ] as const)
      await buildSubscription({ category, email: `${email}@example.com`, createdAt: at(day) });
    const sorted = async (query: string) => emails(await list(`category=${category.id}&${query}`));
    expect(await sorted('sort=email&order=asc')).toEqual([
      'alfa@example.com',
      'Bravo@example.com',
      'charlie@example.com',
    ]);
    expect((await sorted('sort=email&order=desc'))[0]).toBe('charlie@example.com');
    expect(await sorted('order=asc')).toEqual([
      'Bravo@example.com',
      'charlie@example.com',
      'alfa@example.com',
    ]);
  });

  itRejectsListQueries('/api/admin/subscriptions', () => admin, [
    ['page=abc', 'page', 'Numer strony musi być liczbą całkowitą od 1 do 100000.'],
    ['limit=0', 'limit', 'Liczba wyników na stronie musi być liczbą całkowitą od 1 do 100.'],
    [`q=${'ą'.repeat(101)}`, 'q', 'Wyszukiwana fraza może mieć najwyżej 100 znaków.'],
    ['sort=category', 'sort', 'Nieprawidłowe pole sortowania.'],
    ['order=DESC', 'order', 'Kierunek sortowania musi mieć wartość asc lub desc.'],
    ['status=unsubscribed', 'status', 'Nieprawidłowy status.'],
    ['category=99999999999', 'category', 'Nieprawidłowy identyfikator.'],
  ]);
});

describe('GET /api/admin/subscriptions: totals past 10,000 matches', () => {
  it('stops counting at 10,000 and says so; a page of one item (the dashboard) counts exactly', async () => {
    const category = await buildCategory();
    const count = LIST_COUNT_CAP + 25;
    // By SQL: ten thousand subscriptions through the factory would take minutes.
    await api.runtime.sequelize.query(
      `INSERT INTO user_subscriptions (category_id, email, active, created_at)
         SELECT :category, 'masowa' || i || '-' || :category || '@example.com', true, now() - make_interval(secs => i)
           FROM generate_series(1, :count) i`,
      { replacements: { category: category.id, count } },
    );
    try {
      const first = await list(`category=${category.id}`);
      expect(first).toMatchObject({ total: LIST_COUNT_CAP + 1, totalExact: false, totalPages: 501 });
      expect(emails(first)[0]).toBe(`masowa1-${category.id}@example.com`);
      const deep = await list(`category=${category.id}&page=501`);
      expect(deep).toMatchObject({ total: 10_021, totalExact: false, totalPages: 502 });
      const last = await list(`category=${category.id}&page=502`);
      expect(last).toMatchObject({ total: count, totalExact: true, totalPages: 502 });
      expect(emails(last)).toHaveLength(5);
      expect(await list(`category=${category.id}&page=2000`)).toMatchObject({
        items: [],
        total: count,
        totalExact: true,
      });
      // A search stops counting at 1,000.
      expect(await list(`category=${category.id}&q=masowa`)).toMatchObject({
        total: LIST_SEARCH_COUNT_CAP + 1,
        totalExact: false,
        totalPages: 51,
      });
      // „Subskrybenci” on the dashboard: one row travels, the count is exact past the cap.
      expect(await list(`category=${category.id}&status=active&limit=1`)).toMatchObject({
        total: count,
        totalExact: true,
        totalPages: count,
      });
      const dashboard = await list('status=active&limit=1');
      expect(dashboard.totalExact).toBe(true);
      expect(dashboard.total).toBeGreaterThanOrEqual(count);
    } finally {
      // Other files list every subscription: the table goes back under the cap.
      await api.runtime.sequelize.query(`DELETE FROM user_subscriptions WHERE category_id = :category`, {
        replacements: { category: category.id },
      });
    }
  });
});

describe('GET /api/admin/subscriptions/export.csv', () => {
  it('streams the filter as a UTF-8 CSV with a BOM, as an attachment, every row in the list order', async () => {
    const { category, active, pending, unsubscribed, lapsed } = await fourStates();
    await buildSubscription({ email: `inna-kategoria-${category.id}@example.com` });
    const res = await admin.call('GET', `/api/admin/subscriptions/export.csv?category=${category.id}`);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('text/csv; charset=utf-8');
    expect(res.headers.get('content-disposition')).toMatch(
      /^attachment; filename="subskrypcje-\d{4}-\d{2}-\d{2}\.csv"$/,
    );
    const bytes = new Uint8Array(await res.arrayBuffer());
    expect([...bytes.slice(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
    const lines = new TextDecoder('utf-8', { ignoreBOM: true }).decode(bytes).slice(1).split('\r\n');
    expect(lines).toEqual([
      'E-mail;Kategoria;Status;Data zapisu',
      `${lapsed.email};${category.name};Nieaktywna;04.04.2025 12:30`,
      `${unsubscribed.email};${category.name};Nieaktywna;03.04.2025 12:30`,
      `${pending.email};${category.name};Oczekuje na potwierdzenie;02.04.2025 12:30`,
      `${active.email};${category.name};Aktywna;01.04.2025 12:30`,
      '',
    ]);
    const onlyActive = await admin.call(
      'GET',
      `/api/admin/subscriptions/export.csv?category=${category.id}&status=active&sort=email&order=asc`,
    );
    expect((await onlyActive.text()).split('\r\n').slice(1, -1)).toEqual([
      `${active.email};${category.name};Aktywna;01.04.2025 12:30`,
    ]);
  });

  it('keeps every row past one batch, in order (keyset over microsecond timestamps)', async () => {
    const category = await buildCategory();
    await api.runtime.sequelize.query(
      `INSERT INTO user_subscriptions (email, category_id, active, created_at, updated_at)
       SELECT 'masowy-' || n || '@example.com', :category, true,
              timestamp '2025-01-01' + n * interval '1.000001 second', now()
         FROM generate_series(1, 4500) AS n`,
      { replacements: { category: category.id } },
    );
    const res = await admin.call('GET', `/api/admin/subscriptions/export.csv?category=${category.id}`);
    const rows = (await res.text()).split('\r\n').slice(1, -1);
    expect(rows).toHaveLength(4500);
    expect(rows[0]).toMatch(/^masowy-4500@/);
    expect(rows[4499]).toMatch(/^masowy-1@/);
    expect(new Set(rows).size).toBe(4500);
  });

  it('defuses cells a spreadsheet would run as a formula, and quotes what needs it', async () => {
    const category = await buildCategory({
      name: `=HYPERLINK("http://zly.example";"Klik") ${uniqueSuffix()}`,
    });
    await buildSubscription({ category, email: `+48@example.com` });
    const text = await (
      await admin.call('GET', `/api/admin/subscriptions/export.csv?category=${category.id}`)
    ).text();
    const [, row] = text.split('\r\n');
    expect(row?.startsWith(`'+48@example.com;"'=HYPERLINK(""http://zly.example"";""Klik"") `)).toBe(true);
    expect(row).toMatch(/";Aktywna;\d\d\.\d\d\.\d{4} \d\d:\d\d$/);
    expect(['=1+1', '+1', '-1', '@SUM(A1)', '\tx', 'zwykły'].map(csvCell)).toEqual([
      "'=1+1",
      "'+1",
      "'-1",
      "'@SUM(A1)",
      "'\tx",
      'zwykły',
    ]);
  });

  it('refuses bad filters with Polish JSON, and is for admins only', async () => {
    const bad = await admin.call('GET', '/api/admin/subscriptions/export.csv?status=wszystkie');
    expect(bad.status).toBe(400);
    expect(await readError(bad)).toMatchObject({ field: 'status', message: 'Nieprawidłowy status.' });
    for (const role of ['publisher', 'subscriber'] as const) {
      const browser = await signedIn(role);
      expect((await browser.call('GET', '/api/admin/subscriptions/export.csv')).status).toBe(403);
      expect((await browser.call('GET', '/api/admin/subscriptions')).status).toBe(403);
    }
    expect((await api.fetch('/api/admin/subscriptions/export.csv')).status).toBe(401);
  });
});
