import { UserSubscription } from '@blog/api/models';
import { buildCategory, buildComment, buildPost, buildSubscription, type TestApi } from '@blog/api/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signInAsNewAdmin } from './support/admin-editor.ts';
import { type Browser, launchBrowser } from './support/browser.ts';
import { startProduct } from './support/product.ts';

/** „Pulpit” counts and short titles, in Chromium against the built product. */
describe('dashboard', () => {
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

  it('counts active subscriptions only, and ends a long post title after a whole word with „…”', async () => {
    await buildSubscription({ active: true });
    await buildSubscription({ active: false });
    await buildSubscription({ active: false });
    // Visible (a category): other files read the newest published posts as the home page's.
    const post = await buildPost({
      title: 'Jak technologia kradnie nam uwagę każdego dnia',
      categories: [await buildCategory()],
    });
    await buildComment({ post, content: 'Komentarz do długiego tytułu' });

    const page = await signInAsNewAdmin(browser, `http://127.0.0.1:${product.port}`);
    const active = await UserSubscription.count({ where: { active: true } });
    const card = page.locator('dl').filter({ hasText: 'Subskrybenci' });
    await expect.poll(() => card.locator('dd').textContent()).toBe(String(active));
    expect(active).toBeLessThan(await UserSubscription.count());

    // The latest comments arrive in a call of their own, possibly after the counts.
    const latest = page.getByRole('listitem').filter({ hasText: 'Komentarz do długiego tytułu' });
    await expect.poll(() => latest.getByText(/^Jak technologia…/).count()).toBe(1);
    await page.close();
  });
});
