import { buildCategory, buildPost, buildUser, type TestApi, uniqueSuffix } from '@blog/api/testing';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { seriousA11yViolations } from './support/axe.ts';
import { type Browser, launchBrowser } from './support/browser.ts';
import { startProduct } from './support/product.ts';
import { newStaffPage } from './support/sign-in.ts';

/**
 * „Wszystkie posty” on the server: search and paging ask the server and live in the URL,
 * bulk publish and delete, a table that fits 1280 px with a long title, cards at 390 px, axe.
 */

describe('admin posts list on the server', () => {
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

  const signedInAdmin = async (): Promise<Page> =>
    (await newStaffPage(browser.context, base, { prefix: 'e2e-listy' })).page;

  const listCall = (page: Page, check: (url: URL) => boolean) =>
    page.waitForResponse((res) => {
      const url = new URL(res.url());
      return url.pathname === '/api/admin/posts' && res.request().method() === 'GET' && check(url);
    });

  it('searches and pages on the server, acts in bulk, fits 1280 px and is cards at 390 px', async () => {
    const suffix = uniqueSuffix();
    const word = `listowy${suffix}`;
    const category = await buildCategory();
    const author = await buildUser({ role: 'publisher', displayName: `Autorka ${suffix}` });
    for (let index = 1; index <= 12; index += 1)
      await buildPost({
        author,
        categories: [category],
        title: `Wpis ${word} ${index}`,
        createdAt: new Date(Date.UTC(2024, 0, index)),
      });
    const longTitle = `Bardzo długi tytuł ${word} ${'Konstantynopolitańczykowianeczka '.repeat(5)}${'x'.repeat(60)}`;
    await buildPost({ author, categories: [category], title: longTitle.slice(0, 200) });
    const drafts = [
      await buildPost({
        author,
        categories: [category],
        published: false,
        title: `Szkic ${suffix} pierwszy`,
      }),
      await buildPost({ author, categories: [category], published: false, title: `Szkic ${suffix} drugi` }),
    ];

    const page = await signedInAdmin();
    // Search: the server is asked for the typed text, the URL keeps it.
    await page.goto(`${base}/admin/posts`);
    await page.getByRole('heading', { name: 'Wszystkie posty', level: 1 }).waitFor();
    const searched = listCall(page, (url) => url.searchParams.get('q') === word);
    await page.getByRole('searchbox', { name: 'Szukaj postów' }).fill(word);
    const firstPage = (await (await searched).json()) as { total: number; items: unknown[] };
    expect(firstPage.total).toBe(13);
    expect(firstPage.items).toHaveLength(10);
    await page.waitForURL((url) => url.searchParams.get('q') === word);
    const table = page.getByRole('table', { name: 'Posty' });
    await table.getByText(`Wpis ${word} 12`, { exact: true }).waitFor();

    // Paging: page 2 is the server's second page.
    const second = listCall(page, (url) => url.searchParams.get('page') === '2');
    await page.getByRole('button', { name: 'Strona 2' }).click();
    expect(((await (await second).json()) as { items: unknown[] }).items).toHaveLength(3);
    await table.getByText(`Wpis ${word} 1`, { exact: true }).waitFor();
    expect(new URL(page.url()).searchParams.get('page')).toBe('2');

    // 1280 px: a long title wraps; Status and the actions stay on screen, nothing scrolls sideways.
    await page.goto(`${base}/admin/posts?q=${encodeURIComponent('Bardzo długi')}`);
    const row = table.getByRole('row').filter({ hasText: 'Bardzo długi tytuł' });
    await row.waitFor();
    const actionBox = await row.getByRole('button', { name: /^Usuń post/ }).boundingBox();
    const statusBox = await row.getByText('Opublikowany', { exact: true }).first().boundingBox();
    expect(actionBox && actionBox.x + actionBox.width).toBeLessThanOrEqual(1280);
    expect(statusBox && statusBox.x + statusBox.width).toBeLessThanOrEqual(1280);
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(1280);
    await page.waitForLoadState('networkidle');
    expect(await seriousA11yViolations(page)).toEqual([]);

    // Bulk publish, then bulk delete after the question.
    await page.goto(`${base}/admin/posts?q=${encodeURIComponent(`Szkic ${suffix}`)}&status=draft`);
    await table.getByText(`Szkic ${suffix} drugi`).waitFor();
    await page
      .getByRole('checkbox', { name: 'Zaznacz wszystkie posty na tej stronie' })
      .check({ force: true });
    const bar = page.getByRole('region', { name: 'Akcje dla zaznaczonych postów' });
    await bar.getByText('Zaznaczono: 2').waitFor();
    expect(await seriousA11yViolations(page)).toEqual([]);
    await bar.getByRole('button', { name: 'Opublikuj' }).click();
    await page.getByText('Opublikowano: 2 z 2 postów.').waitFor();
    await table.getByText('Nie znaleziono postów').waitFor();
    const published = await product.runtime.sequelize.query<{ published: boolean }>(
      `SELECT published FROM posts WHERE id IN (${drafts.map((post) => post.id).join(',')})`,
      { type: 'SELECT' as never },
    );
    expect(published).toEqual([{ published: true }, { published: true }]);

    await page.goto(`${base}/admin/posts?q=${encodeURIComponent(`Szkic ${suffix}`)}`);
    await table.getByText(`Szkic ${suffix} pierwszy`).waitFor();
    await page
      .getByRole('checkbox', { name: `Zaznacz post Szkic ${suffix} pierwszy` })
      .check({ force: true });
    page.once('dialog', (dialog) => void dialog.accept());
    await bar.getByRole('button', { name: 'Usuń' }).click();
    await page.getByText('Usunięto: 1 z 1 posta.').waitFor();
    await table.getByText(`Szkic ${suffix} pierwszy`).waitFor({ state: 'detached' });
    await table.getByText(`Szkic ${suffix} drugi`).waitFor();

    // 390 px: the list is cards, the table is gone, nothing scrolls sideways.
    await page.setViewportSize({ width: 390, height: 844 });
    await page.goto(`${base}/admin/posts?q=${encodeURIComponent('Bardzo długi')}`);
    const cards = page.getByRole('list', { name: 'Posty' });
    await cards.getByText('Bardzo długi tytuł', { exact: false }).waitFor();
    expect(await page.getByRole('table', { name: 'Posty' }).isVisible()).toBe(false);
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
    await page.waitForLoadState('networkidle');
    expect(await seriousA11yViolations(page)).toEqual([]);
    await page.close();
  });
});
