import type { TestApi } from '@blog/api/testing';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Browser, launchBrowser } from './support/browser.ts';
import { startProduct } from './support/product.ts';
import { hydrated, visiblePostsNewestFirst } from './support/public-pages.ts';

/** The list's search box, as a reader uses it: typing, Enter, clearing, leaving, the back button. */
describe('searching the list', () => {
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

  const newest = () => visiblePostsNewestFirst(6);

  /** The list, hydrated; the article page's code arrives slowly (a phone's connection). */
  async function openList(path = '/posts'): Promise<{ page: Page; errors: string[] }> {
    const page = await browser.context.newPage();
    const errors: string[] = [];
    page.on('pageerror', (error) => errors.push(error.message));
    await page.route('**/assets/post-page-*.js', async (route) => {
      // The slow connection is the subject: the reader clicks while the code is still on its way.
      await new Promise((resolve) => setTimeout(resolve, 1000));
      await route.continue();
    });
    await page.goto(`${base}${path}`);
    await hydrated(page);
    return { page, errors };
  }

  const searchBox = (page: Page) => page.getByRole('searchbox', { name: 'Szukaj artykułów' });

  it('typing and at once clicking a result opens the article and stays there', async () => {
    const [first] = await newest();
    const { page, errors } = await openList();
    await searchBox(page).pressSequentially('uwag');
    await page.getByRole('link', { name: first!.title }).click();
    await page.getByRole('heading', { level: 1, name: first!.title }).waitFor();
    // Longer than the search's delay: a pending update of the list must not bring the reader back.
    // Kept: the delay is a timer of the page's code; faking the page's clock would change every
    // later page of this file's shared browser context.
    await page.waitForTimeout(1000);
    expect(new URL(page.url()).pathname).toBe(`/post/${first!.slug}`);
    expect(await page.getByRole('heading', { level: 1, name: first!.title }).count()).toBe(1);
    expect(errors).toEqual([]);
    await page.close();
  });

  it('a slow typist on a slow phone keeps every letter typed while the list follows the box', async () => {
    const word = 'uwagaprzerwa';
    const { page, errors } = await openList();
    // A phone several times slower than this machine, and a pause after each letter just longer than
    // the search's delay: every letter after the first lands while the list follows the letters before.
    const cdp = await page.context().newCDPSession(page);
    await cdp.send('Emulation.setCPUThrottlingRate', { rate: 6 });
    await searchBox(page).pressSequentially(word, { delay: 320 });
    // The box and the address, together: a failure shows what each says.
    await expect
      .poll(
        async () => ({
          box: await searchBox(page).inputValue(),
          q: new URL(page.url()).searchParams.get('q'),
        }),
        {
          timeout: 30_000,
        },
      )
      .toEqual({ box: word, q: word });
    await page.getByText('Nie znaleziono artykułów odpowiadających wyszukiwaniu').waitFor();
    await cdp.send('Emulation.setCPUThrottlingRate', { rate: 1 });
    expect(errors).toEqual([]);
    await page.close();
  });

  it('typing searches after a pause without filling the history; Enter at once; clearing; back returns to the search', async () => {
    const posts = await newest();
    const word = posts[0]!.title
      .split(/\s+/)
      .find((part) => part.length > 5)!
      .toLowerCase();
    const { page, errors } = await openList('/');
    await page.goto(`${base}/posts`);
    await hydrated(page);

    await searchBox(page).pressSequentially(word);
    await page.waitForURL((url) => url.searchParams.get('q') === word);
    await page.getByText(/^Wyniki wyszukiwania: \d+$/).waitFor();

    // Enter applies what the box says without waiting.
    await searchBox(page).fill('zzzz-brak');
    await searchBox(page).press('Enter');
    await page.waitForURL((url) => url.searchParams.get('q') === 'zzzz-brak', { timeout: 250 });
    await page.getByText('Nie znaleziono artykułów odpowiadających wyszukiwaniu').waitFor();

    // Clearing the box shows the whole list again.
    await page.getByRole('button', { name: 'Wyczyść pole wyszukiwania' }).click();
    await page.waitForURL((url) => !url.searchParams.has('q'));
    expect(await searchBox(page).inputValue()).toBe('');

    // A search, a result, back: the search is still there, in the box and in the list.
    await searchBox(page).fill(word);
    await searchBox(page).press('Enter');
    await page.waitForURL((url) => url.searchParams.get('q') === word);
    await page.getByRole('link', { name: posts[0]!.title }).click();
    await page.getByRole('heading', { level: 1, name: posts[0]!.title }).waitFor();
    await page.goBack();
    await page.waitForURL((url) => url.pathname === '/posts' && url.searchParams.get('q') === word);
    expect(await searchBox(page).inputValue()).toBe(word);
    await page.getByRole('link', { name: posts[0]!.title }).waitFor();
    // Typing never added history entries: one more step back leaves the list for the home page.
    await page.goBack();
    await page.waitForURL(`${base}/`);
    expect(errors).toEqual([]);
    await page.close();
  });
});
