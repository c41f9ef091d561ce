import type { TestApi } from '@blog/api/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Browser, launchBrowser } from './support/browser.ts';
import { startProduct } from './support/product.ts';
import { visiblePostsNewestFirst } from './support/public-pages.ts';

describe('browser smoke', () => {
  let product: TestApi;
  let browser: Browser;
  beforeAll(async () => {
    product = await startProduct();
    browser = await launchBrowser();
  });
  afterAll(async () => {
    await browser?.close();
    await product?.close();
  });

  it('renders the newest seeded posts on the home page, and the app takes it over (hydration)', async () => {
    const newest = await visiblePostsNewestFirst(3);
    expect(newest.length).toBe(3);
    const page = await browser.context.newPage();
    const errors: string[] = [];
    page.on('pageerror', (err) => errors.push(err.message));
    await page.goto(`http://127.0.0.1:${product.port}/`);
    for (const post of newest) {
      await expect
        .poll(() => page.getByRole('heading', { name: post.title }).count(), { timeout: 10_000 })
        .toBe(1);
    }
    // The server renders the posts: only the marker the app sets after hydrateRoot shows it started.
    await expect
      .poll(() => page.locator('html').getAttribute('data-hydrated'), { timeout: 10_000 })
      .toBe('true');
    // And it works: the mobile menu's button (a phone's width) opens the drawer.
    await page.setViewportSize({ width: 390, height: 800 });
    await page.getByRole('button', { name: 'Otwórz menu' }).click();
    await page.getByRole('dialog', { name: 'Menu' }).waitFor();
    expect(errors).toEqual([]);
  });
});
