import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TestApi } from '@blog/api/testing';
import { seriousA11yViolations } from './support/axe.ts';
import { type Browser, launchBrowser } from './support/browser.ts';
import { startProduct } from './support/product.ts';
import { archivesOf, newestDemoPost } from './support/public-pages.ts';
import { categoryPath, tagPath } from '@blog/shared/addresses';

/** axe-core on every public screen: no serious or critical WCAG 2.1 A/AA violation. */
describe('accessibility of the public side', () => {
  let product: TestApi;
  let browser: Browser;
  let slug: string;
  let archives: Record<string, string>;
  beforeAll(async () => {
    product = await startProduct();
    browser = await launchBrowser();
    const newest = await newestDemoPost();
    slug = newest.slug;
    const { category, tag } = await archivesOf(newest);
    archives = { ':category': categoryPath(category), ':tag': tagPath(tag.name) };
  });
  afterAll(async () => {
    await browser?.close();
    await product?.close();
  });

  it.each([
    ['home', '/', 'heading', null, null],
    ['article list', '/posts', 'heading', null, null],
    // The article's forms are drawn when their place nears the screen: the comments come last.
    ['article', '/post/:slug', 'form', /^Komentarze/, null],
    // „Nowy kod” stays disabled (dimmed) while the captcha loads, which may outlast the network's quiet.
    ['contact', '/contact', 'form', null, 'Nowy kod'],
    ['about', '/about', 'heading', null, null],
    ['cookies', '/cookies', 'heading', null, null],
    ['category page', ':category', 'heading', null, null],
    ['tag page', ':tag', 'heading', null, null],
    ['404', '/nie-ma', 'heading', null, null],
  ])('%s has no serious violations', async (_name, path, settledRole, scrollTo, enabledButton) => {
    const page = await browser.context.newPage();
    const target = archives[path] ?? path.replace(':slug', () => slug);
    await page.goto(`http://127.0.0.1:${product.port}${target}`);
    if (scrollTo) await page.getByRole('region', { name: scrollTo }).scrollIntoViewIfNeeded();
    await page
      .getByRole(settledRole as 'heading' | 'form')
      .first()
      .waitFor();
    await page.waitForLoadState('networkidle');
    if (enabledButton)
      await page.waitForFunction(
        (name) =>
          [...document.querySelectorAll('button')].some(
            (button) => button.textContent?.trim() === name && !button.disabled,
          ),
        enabledButton,
      );
    expect(await seriousA11yViolations(page)).toEqual([]);
    await page.close();
  });
});
