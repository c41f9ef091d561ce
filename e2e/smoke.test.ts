import { Post } from '@blog/api/models';
import type { TestApi } from '@blog/api/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Browser, launchBrowser } from './support/browser.ts';
import { startProduct } from './support/product.ts';

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

  it('renders the newest seeded posts on the home page', async () => {
    const newest = await Post.findAll({
      where: { published: true },
      order: [['createdAt', 'DESC']],
      limit: 3,
    });
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
    expect(errors).toEqual([]);
  });
});
