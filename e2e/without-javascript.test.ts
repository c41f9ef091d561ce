import type { TestApi } from '@blog/api/testing';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Browser, launchBrowser } from './support/browser.ts';
import { startProduct } from './support/product.ts';
import { hydrated, publicPaths } from './support/public-pages.ts';

/**
 * The lines of text a reader sees on the page. Forms are left out: they need the app to be sent, and the
 * ones under an article are drawn only when their place nears the screen.
 */
const visibleLines = (page: Page) =>
  page.evaluate(() => {
    for (const form of document.querySelectorAll('form')) form.style.display = 'none';
    return document.body.innerText
      .split('\n')
      .map((line) => line.trim())
      .filter(Boolean);
  });

/** A reader without JavaScript, or a crawler, gets every public page whole: the same texts as with the app. */
describe('the public pages without JavaScript', () => {
  let product: TestApi;
  let withApp: Browser;
  let withoutApp: Browser;
  let paths: string[];
  let base: string;
  beforeAll(async () => {
    product = await startProduct();
    base = `http://127.0.0.1:${product.port}`;
    [withApp, withoutApp] = await Promise.all([launchBrowser(), launchBrowser({ javaScriptEnabled: false })]);
    paths = await publicPaths();
  });
  afterAll(async () => {
    await withApp?.close();
    await withoutApp?.close();
    await product?.close();
  });

  it(
    'every public route shows the same texts with and without JavaScript',
    { timeout: 180_000 },
    async () => {
      for (const path of paths) {
        const app = await withApp.context.newPage();
        await app.goto(`${base}${path}`);
        await hydrated(app);
        await app.waitForLoadState('networkidle');
        const bare = await withoutApp.context.newPage();
        await bare.goto(`${base}${path}`);
        const [withJs, withoutJs] = [await visibleLines(app), await visibleLines(bare)];
        // The page is there without the app (the 404 screen is four lines).
        expect(withoutJs.length, path).toBeGreaterThanOrEqual(4);
        expect(withoutJs, path).toEqual(withJs);
        await app.close();
        await bare.close();
      }
    },
  );
});
