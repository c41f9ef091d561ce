import { readFile } from 'node:fs/promises';
import { buildCategory, buildSubscription, buildUser, type TestApi, uniqueSuffix } from '@blog/api/testing';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { seriousA11yViolations } from './support/axe.ts';
import { type Browser, launchBrowser } from './support/browser.ts';
import { startProduct } from './support/product.ts';
import { newStaffPage } from './support/sign-in.ts';

/**
 * „Zarządzanie użytkownikami” and „Subskrypcje” on the server: search, filters and paging
 * ask the server and live in the URL; the CSV holds the filtered rows; the tables fit 1280 px with a
 * long name and are cards at 390 px; axe finds nothing.
 */

describe('admin users and subscriptions lists on the server', () => {
  let product: TestApi;
  let browser: Browser;
  let base: string;
  beforeAll(async () => {
    product = await startProduct();
    browser = await launchBrowser();
    base = `http://127.0.0.1:${product.port}`;
  });
  afterAll(async () => {
    await browser?.close();
    await product?.close();
  });

  const signedInAdmin = async (): Promise<Page> => {
    // Each test signs in afresh: the profile's cookies would otherwise carry the last test's session.
    return (await newStaffPage(await browser.fresh(), base, { prefix: 'e2e-lu' })).page;
  };

  const listCall = (page: Page, path: string, check: (url: URL) => boolean) =>
    page.waitForResponse((res) => {
      const url = new URL(res.url());
      return url.pathname === path && res.request().method() === 'GET' && check(url);
    });

  const noSideScroll = async (page: Page, width: number) =>
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(width);

  it('users: a slow typist on a slow machine keeps every letter typed while the list follows the box', async () => {
    const word = `wolno${uniqueSuffix().replace(/-/g, '')}`.slice(0, 14);
    await buildUser({ username: word, displayName: 'Wolno Piszący' });
    const page = await signedInAdmin();
    await page.goto(`${base}/admin/users`);
    await page.getByRole('heading', { name: 'Zarządzanie użytkownikami', level: 1 }).waitFor();
    // A pause after each letter just longer than the search's delay, on a CPU several times slower:
    // every letter after the first lands while the list follows the letters before.
    const cdp = await page.context().newCDPSession(page);
    await cdp.send('Emulation.setCPUThrottlingRate', { rate: 6 });
    const search = page.getByRole('searchbox', { name: 'Szukaj użytkowników' });
    await search.pressSequentially(word, { delay: 320 });
    // The box and the address, together: a failure shows what each says.
    await expect
      .poll(async () => ({ box: await search.inputValue(), q: new URL(page.url()).searchParams.get('q') }), {
        timeout: 30_000,
      })
      .toEqual({ box: word, q: word });
    await page
      .getByRole('table', { name: 'Użytkownicy' })
      .getByRole('cell', { name: word, exact: true })
      .waitFor();
    await cdp.send('Emulation.setCPUThrottlingRate', { rate: 1 });
    await page.close();
  });

  it('users: search, role filter and paging on the server; fits 1280 px; cards at 390 px', async () => {
    const word = `ludzie${uniqueSuffix().replace(/-/g, '')}`;
    for (let index = 1; index <= 22; index += 1)
      await buildUser({
        username: `${word}-${String(index).padStart(2, '0')}`,
        displayName: `Czytelnik ${index}`,
        role: index % 2 === 0 ? 'publisher' : 'subscriber',
      });
    const longName = `${word}-${'Konstantynopolitańczykowianeczka'.repeat(2)}`.slice(0, 50);
    await buildUser({
      username: longName,
      displayName: `Grzegorz Brzęczyszczykiewicz ${'z Chrząszczyżewoszyc '.repeat(4)}`.slice(0, 100),
      email: `${'bardzo.dlugi.adres.poczty.elektronicznej.'.repeat(3)}${word}@example.com`,
    });

    const page = await signedInAdmin();
    await page.goto(`${base}/admin/users`);
    await page.getByRole('heading', { name: 'Zarządzanie użytkownikami', level: 1 }).waitFor();
    const searched = listCall(page, '/api/admin/users', (url) => url.searchParams.get('q') === word);
    await page.getByRole('searchbox', { name: 'Szukaj użytkowników' }).fill(word);
    const first = (await (await searched).json()) as { total: number; items: unknown[] };
    expect(first).toMatchObject({ total: 23, totalPages: 2 });
    expect(first.items).toHaveLength(20);
    const table = page.getByRole('table', { name: 'Użytkownicy' });
    await table.getByRole('cell', { name: `${word}-01`, exact: true }).waitFor();

    const second = listCall(page, '/api/admin/users', (url) => url.searchParams.get('page') === '2');
    await page.getByRole('button', { name: 'Strona 2' }).click();
    expect(((await (await second).json()) as { items: unknown[] }).items).toHaveLength(3);
    await table.getByRole('cell', { name: `${word}-22`, exact: true }).waitFor();
    expect(new URL(page.url()).searchParams.get('page')).toBe('2');

    // A filter goes back to page 1 and asks the server.
    const publishers = listCall(
      page,
      '/api/admin/users',
      (url) => url.searchParams.get('role') === 'publisher',
    );
    await page.getByRole('combobox', { name: 'Filtruj według roli' }).selectOption('publisher');
    expect(((await (await publishers).json()) as { total: number }).total).toBe(11);
    await table.getByRole('cell', { name: `${word}-02`, exact: true }).waitFor();
    expect(new URL(page.url()).searchParams.get('page')).toBeNull();
    await page.getByRole('searchbox', { name: 'Szukaj użytkowników' }).fill(`${word}-nikt`);
    await page.getByText('Nie znaleziono użytkowników').waitFor();

    // 1280 px: the long name and address wrap; role, status and the actions stay on screen.
    await page.goto(`${base}/admin/users?q=${encodeURIComponent(longName)}`);
    const row = table.getByRole('row').filter({ hasText: 'Brzęczyszczykiewicz' });
    await row.waitFor();
    for (const box of [
      await row.getByRole('button', { name: /^Usuń użytkownika/ }).boundingBox(),
      await row.getByText('Aktywny', { exact: true }).boundingBox(),
    ])
      expect(box && box.x + box.width).toBeLessThanOrEqual(1280);
    await noSideScroll(page, 1280);
    await page.waitForLoadState('networkidle');
    expect(await seriousA11yViolations(page)).toEqual([]);

    // 390 px: cards, no table, nothing scrolls sideways.
    await page.setViewportSize({ width: 390, height: 844 });
    const cards = page.getByRole('list', { name: 'Użytkownicy' });
    await cards.getByText('Brzęczyszczykiewicz', { exact: false }).waitFor();
    expect(await table.isVisible()).toBe(false);
    await cards.getByRole('button', { name: /^Edytuj użytkownika/ }).waitFor();
    await noSideScroll(page, 390);
    expect(await seriousA11yViolations(page)).toEqual([]);
    await page.close();
  });

  it('subscriptions: search, status filter and paging on the server; the CSV has the filtered rows', async () => {
    const word = `prenumerata${uniqueSuffix().replace(/-/g, '')}`;
    const category = await buildCategory({ name: `Żeglarstwo ${word}` });
    for (let index = 1; index <= 23; index += 1)
      await buildSubscription({
        category,
        email: `${word}-${String(index).padStart(2, '0')}@example.com`,
        active: index % 3 !== 0,
        createdAt: new Date(Date.UTC(2024, 5, index, 8, 15)),
      });
    await buildSubscription({
      category,
      email: `=${word}-${'bardzo-dlugi-adres-'.repeat(6)}@example.com`,
      active: false,
      createdAt: new Date(Date.UTC(2024, 6, 1, 8, 15)),
    });

    const page = await signedInAdmin();
    await page.goto(`${base}/admin/subscriptions`);
    await page.getByRole('heading', { name: 'Subskrypcje', level: 1 }).waitFor();
    const searched = listCall(page, '/api/admin/subscriptions', (url) => url.searchParams.get('q') === word);
    await page.getByRole('searchbox', { name: 'Szukaj subskrypcji' }).fill(word);
    expect(((await (await searched).json()) as { total: number; items: unknown[] }).items).toHaveLength(20);
    await page.getByText('Wyświetlono 20 z 24 subskrypcji').waitFor();
    const table = page.getByRole('table', { name: 'Subskrypcje' });

    const second = listCall(page, '/api/admin/subscriptions', (url) => url.searchParams.get('page') === '2');
    await page.getByRole('button', { name: 'Strona 2' }).click();
    expect(((await (await second).json()) as { items: unknown[] }).items).toHaveLength(4);
    await table.getByRole('cell', { name: `${word}-01@example.com`, exact: true }).waitFor();
    await page.getByText('Wyświetlono 4 z 24 subskrypcji').waitFor();

    // Inactive only: the server filters; back to page 1.
    const inactive = listCall(
      page,
      '/api/admin/subscriptions',
      (url) => url.searchParams.get('status') === 'inactive',
    );
    await page.getByRole('combobox', { name: 'Filtruj według statusu' }).selectOption('inactive');
    expect(((await (await inactive).json()) as { total: number }).total).toBe(8);
    await page.getByText('Wyświetlono 8 z 8 subskrypcji').waitFor();
    expect(await table.getByText('Aktywna', { exact: true }).count()).toBe(0);

    // The CSV: exactly the filtered rows, Polish letters intact, the formula defused.
    const download = page.waitForEvent('download');
    await page.getByRole('link', { name: 'Eksportuj CSV' }).click();
    const file = await download;
    expect(file.suggestedFilename()).toMatch(/^subskrypcje-\d{4}-\d{2}-\d{2}\.csv$/);
    const bytes = await readFile((await file.path()) as string);
    expect([...bytes.subarray(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
    const lines = bytes.toString('utf8').slice(1).split('\r\n').filter(Boolean);
    expect(lines[0]).toBe('E-mail;Kategoria;Status;Data zapisu');
    expect(lines).toHaveLength(9);
    expect(lines[1]).toMatch(
      new RegExp(`^'=${word}-bardzo-dlugi-adres-.*;Żeglarstwo ${word};Nieaktywna;01\\.07\\.2024 10:15$`),
    );
    expect(lines.slice(2).map((line) => line.split(';')[0])).toEqual(
      [21, 18, 15, 12, 9, 6, 3].map((n) => `${word}-${String(n).padStart(2, '0')}@example.com`),
    );

    // 1280 px: the long address wraps; the status and the delete stay on screen.
    const row = table.getByRole('row').filter({ hasText: 'bardzo-dlugi-adres' });
    await row.waitFor();
    for (const box of [
      await row.getByRole('button', { name: /^Usuń subskrypcję/ }).boundingBox(),
      await row.getByText('Nieaktywna', { exact: true }).boundingBox(),
    ])
      expect(box && box.x + box.width).toBeLessThanOrEqual(1280);
    await noSideScroll(page, 1280);
    await page.waitForLoadState('networkidle');
    expect(await seriousA11yViolations(page)).toEqual([]);

    // 390 px: cards.
    await page.setViewportSize({ width: 390, height: 844 });
    const cards = page.getByRole('list', { name: 'Subskrypcje' });
    await cards.getByText('bardzo-dlugi-adres', { exact: false }).waitFor();
    expect(await table.isVisible()).toBe(false);
    await noSideScroll(page, 390);
    expect(await seriousA11yViolations(page)).toEqual([]);
    await page.close();
  });
});
