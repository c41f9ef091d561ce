import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Post } from '@blog/api/models';
import type { TestApi } from '@blog/api/testing';
import { seriousA11yViolations } from './support/axe.ts';
import { type Browser, launchBrowser } from './support/browser.ts';
import { startProduct } from './support/product.ts';

/** axe-core on every public screen: no serious or critical WCAG 2.1 A/AA violation. */
describe('accessibility of the public side', () => {
  let product: TestApi;
  let browser: Browser;
  let slug: string;
  beforeAll(async () => {
    product = await startProduct();
    browser = await launchBrowser();
    const newest = await Post.findOne({ where: { published: true }, order: [['createdAt', 'DESC']] });
    slug = newest!.slug;
  });
  afterAll(async () => {
    await browser?.close();
    await product?.close();
  });

  it.each([
    ['home', '/', 'heading'],
    ['article list', '/posts', 'heading'],
    ['article', '/post/:slug', 'form'],
    ['contact', '/contact', 'form'],
    ['about', '/about', 'heading'],
    ['cookies', '/cookies', 'heading'],
    ['404', '/nie-ma', 'heading'],
  ])('%s has no serious violations', async (_name, path, settledRole) => {
    const page = await browser.context.newPage();
    await page.goto(`http://127.0.0.1:${product.port}${path.replace(':slug', slug)}`);
    await page
      .getByRole(settledRole as 'heading' | 'form')
      .first()
      .waitFor();
    await page.waitForLoadState('networkidle');
    expect(await seriousA11yViolations(page)).toEqual([]);
    await page.close();
  });
});
