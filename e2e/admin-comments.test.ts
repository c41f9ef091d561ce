import { buildCategory, buildComment, buildPost, type TestApi, uniqueSuffix } from '@blog/api/testing';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { seriousA11yViolations } from './support/axe.ts';
import { type Browser, launchBrowser } from './support/browser.ts';
import { startProduct } from './support/product.ts';
import { newStaffPage } from './support/sign-in.ts';

/**
 * „Zarządzanie komentarzami” on the server and the approval queue: search and paging ask
 * the server and live in the URL; with the queue switched on in Ustawienia, a reader's comment waits
 * (the reader is told so), „Oczekujące” lists it, approving publishes it, rejecting removes it; axe.
 */

describe('admin comments on the server and the approval queue', () => {
  let product: TestApi;
  let browser: Browser;
  let base: string;
  beforeAll(async () => {
    product = await startProduct();
    browser = await launchBrowser();
    base = `http://127.0.0.1:${product.port}`;
  });
  afterAll(async () => {
    // The queue is a site-wide setting: later files expect the default (off).
    await product?.runtime.sequelize.query(`DELETE FROM site_settings WHERE key = 'commentsRequireApproval'`);
    await browser?.close();
    await product?.close();
  });

  // One session for the file: the browser profile keeps its cookie, so /auth is shown only once.
  let adminPage: Page | undefined;
  const signedInAdmin = async (): Promise<Page> => {
    if (adminPage) return adminPage;
    ({ page: adminPage } = await newStaffPage(browser.context, base, { prefix: 'e2e-komentarze' }));
    return adminPage;
  };

  const listCall = (page: Page, check: (url: URL) => boolean) =>
    page.waitForResponse((res) => {
      const url = new URL(res.url());
      return url.pathname === '/api/admin/comments' && res.request().method() === 'GET' && check(url);
    });

  it('searches and pages on the server, the URL keeping both', async () => {
    const word = `komentarzowy${uniqueSuffix()}`;
    const post = await buildPost({ categories: [await buildCategory()] });
    for (let index = 1; index <= 23; index += 1)
      await buildComment({
        post,
        author: `Czytelnik ${index}`,
        content: `Treść ${word} numer ${index}`,
        createdAt: new Date(Date.UTC(2024, 0, index)),
      });
    const page = await signedInAdmin();
    await page.goto(`${base}/admin/comments`);
    await page.getByRole('heading', { name: 'Zarządzanie komentarzami', level: 1 }).waitFor();
    const searched = listCall(page, (url) => url.searchParams.get('q') === word);
    await page.getByRole('searchbox', { name: 'Szukaj komentarzy' }).fill(word.toUpperCase().toLowerCase());
    const first = (await (await searched).json()) as { total: number; items: unknown[] };
    expect(first).toMatchObject({ total: 23 });
    expect(first.items).toHaveLength(20);
    await page.waitForURL((url) => url.searchParams.get('q') === word);
    const table = page.getByRole('table', { name: 'Komentarze' });
    await table.getByText('Czytelnik 23', { exact: true }).waitFor();

    const second = listCall(page, (url) => url.searchParams.get('page') === '2');
    await page
      .getByRole('navigation', { name: 'Paginacja komentarzy' })
      .getByRole('button', { name: 'Strona 2' })
      .click();
    expect(((await (await second).json()) as { items: unknown[] }).items).toHaveLength(3);
    await table.getByText('Czytelnik 1', { exact: true }).waitFor();
    expect(new URL(page.url()).searchParams.get('page')).toBe('2');

    // Nothing matches: the empty-search text.
    await page.getByRole('searchbox', { name: 'Szukaj komentarzy' }).fill(`${word}-nic`);
    await table.getByText('Nie znaleziono komentarzy spełniających kryteria wyszukiwania').waitFor();
  });

  it('queue on: the reader is told the comment waits; „Oczekujące” lists it; approve publishes, reject removes', async () => {
    const suffix = uniqueSuffix();
    const post = await buildPost({ categories: [await buildCategory()], title: `Artykuł ${suffix}` });
    const page = await signedInAdmin();

    // Ustawienia → Ogólne: the queue's switch sits next to the comments switch.
    await page.goto(`${base}/admin/settings`);
    await page.getByText('Komentarze czekają na zatwierdzenie').click();
    await page.getByRole('button', { name: 'Zapisz ustawienia' }).click();
    await page.getByText('Ustawienia zapisane').waitFor();
    await page.waitForLoadState('networkidle');
    expect(await seriousA11yViolations(page)).toEqual([]);

    // A reader comments twice: each time told it waits; neither shows under the article.
    // A reader of their own (no admin session).
    const reader = await launchBrowser();
    const readerPage = await reader.context.newPage();
    await readerPage.goto(`${base}/post/${post.slug}`);
    await readerPage.getByRole('region', { name: /^Komentarze/ }).scrollIntoViewIfNeeded();
    const form = readerPage.getByRole('form', { name: 'Dodaj komentarz' });
    await form.getByText('Komentarze pojawiają się po zatwierdzeniu przez moderatora.').waitFor();
    for (const text of [`Do zatwierdzenia ${suffix}`, `Do odrzucenia ${suffix}`]) {
      await form.getByLabel('Imię').fill('Ola z Krakowa');
      await form.getByLabel('Adres e-mail').fill('ola@example.com');
      await form.getByRole('textbox', { name: 'Komentarz' }).fill(text);
      await form.getByRole('button', { name: 'Dodaj komentarz' }).click();
      await form
        .getByRole('status')
        .getByText('Komentarz czeka na zatwierdzenie.', { exact: false })
        .waitFor();
      await readerPage.getByText('Komentarz wysłany').first().waitFor();
    }
    await readerPage.reload();
    await readerPage.getByRole('heading', { name: 'Komentarze (0)' }).waitFor();
    expect(await readerPage.getByText(`Do zatwierdzenia ${suffix}`).count()).toBe(0);

    // The moderator: the dashboard names the queue, „Oczekujące” lists both.
    await page.goto(`${base}/admin`);
    await page.getByRole('link', { name: /^Oczekujące: \d+$/ }).click();
    await page.waitForURL(
      (url) => url.pathname === '/admin/comments' && url.searchParams.get('status') === 'pending',
    );
    await page.getByRole('searchbox', { name: 'Szukaj komentarzy' }).fill(suffix);
    const table = page.getByRole('table', { name: 'Komentarze' });
    await table.getByText(`Do zatwierdzenia ${suffix}`).waitFor();
    await table.getByText(`Do odrzucenia ${suffix}`).waitFor();
    expect(await table.getByText('Oczekuje', { exact: true }).count()).toBe(2);
    await page.waitForLoadState('networkidle');
    expect(await seriousA11yViolations(page)).toEqual([]);

    const rows = table.getByRole('row');
    const approveRow = rows.filter({ hasText: `Do zatwierdzenia ${suffix}` });
    await approveRow.getByRole('button', { name: 'Zatwierdź komentarz autora Ola z Krakowa' }).click();
    await page.getByText('Komentarz został zatwierdzony').waitFor();
    await table.getByText(`Do zatwierdzenia ${suffix}`).waitFor({ state: 'detached' });

    const rejectRow = rows.filter({ hasText: `Do odrzucenia ${suffix}` });
    await rejectRow.getByRole('button', { name: 'Odrzuć komentarz autora Ola z Krakowa' }).click();
    const dialog = page.getByRole('alertdialog', { name: 'Odrzuć komentarz' });
    await dialog
      .getByText('Czy na pewno chcesz odrzucić komentarz autora Ola z Krakowa?', { exact: false })
      .waitFor();
    expect(await seriousA11yViolations(page)).toEqual([]);
    await dialog.getByRole('button', { name: 'Usuń' }).click();
    await page.getByText('Komentarz został odrzucony').waitFor();
    await table.getByText('Nie znaleziono komentarzy spełniających kryteria wyszukiwania').waitFor();

    // The reader sees the approved comment at once, and only that one.
    await readerPage.reload();
    await readerPage.getByRole('heading', { name: 'Komentarze (1)' }).waitFor();
    await readerPage.getByText(`Do zatwierdzenia ${suffix}`).waitFor();
    expect(await readerPage.getByText(`Do odrzucenia ${suffix}`).count()).toBe(0);
    await reader.close();
  });
});
