import { Category, Post, Tag } from '@blog/api/models';
import type { TestApi } from '@blog/api/testing';
import { categoryPath, tagPath } from '@blog/shared/addresses';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Browser, launchBrowser } from './support/browser.ts';
import { startProduct } from './support/product.ts';
import { archivesOf, hydrated } from './support/public-pages.ts';

/** From an article (and a card) to its category's and its tag's pages, in Debian Chromium. */
describe('readers’ archives', () => {
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

  const open = async (path: string): Promise<{ page: Page; errors: string[] }> => {
    const page = await browser.context.newPage();
    const errors: string[] = [];
    page.on('pageerror', (error) => errors.push(error.message));
    await page.goto(`${base}${path}`);
    await hydrated(page);
    return { page, errors };
  };

  it('a category badge and a tag of an article open their pages, which list the article', async () => {
    // A demo post (another file's posts may have no tag).
    const post = await Post.findOne({
      where: { published: true },
      include: [
        { model: Tag, required: true },
        { model: Category, required: true, where: { enabled: true } },
      ],
      order: [['createdAt', 'DESC']],
    });
    const { category, tag } = await archivesOf(post!);
    const { page, errors } = await open(`/post/${post!.slug}`);

    await page.getByLabel('Kategorie').getByRole('link', { name: category.name, exact: true }).click();
    await page.waitForURL(`${base}${categoryPath(category)}`);
    await page.getByRole('heading', { level: 1, name: category.name }).waitFor();
    await page.getByRole('heading', { level: 2, name: post!.title }).waitFor();
    expect(await page.title()).toBe(`Kategoria: ${category.name} — Uwaga, Chaos`);

    await page.goBack();
    await page.getByRole('heading', { level: 1, name: post!.title }).waitFor();
    await page
      .getByLabel('Tagi')
      .getByRole('link', { name: `#${tag.name}`, exact: true })
      .click();
    await page.waitForURL(`${base}${tagPath(tag.name)}`);
    await page.getByRole('heading', { level: 1, name: `#${tag.name}` }).waitFor();
    await page.getByRole('heading', { level: 2, name: post!.title }).waitFor();
    expect(await page.title()).toBe(`Tag: ${tag.name} — Uwaga, Chaos`);

    // From the tag page's card back to the article.
    await page.getByRole('heading', { level: 2, name: post!.title }).click();
    await page.waitForURL(`${base}/post/${post!.slug}`);
    expect(errors).toEqual([]);
    await page.close();
  });

  it('a category badge on a card of the list opens the category, not the article under it', async () => {
    const { page, errors } = await open('/posts');
    const card = page.getByRole('article').first();
    const badge = card.getByLabel('Kategorie').getByRole('link').first();
    const name = (await badge.textContent())!;
    await badge.click();
    await page.waitForURL(/\/kategoria\/\d+-/);
    await page.getByRole('heading', { level: 1, name }).waitFor();
    expect(errors).toEqual([]);
    await page.close();
  });

  it('an unknown category or tag shows its not-found screen', async () => {
    const { page } = await open('/kategoria/2147483647-nie-ma');
    await page.getByRole('heading', { level: 1, name: 'Kategoria nie została znaleziona' }).waitFor();
    await page.goto(`${base}/tag/nie-ma-takiego-tagu`);
    await page.getByRole('heading', { level: 1, name: 'Tag nie został znaleziony' }).waitFor();
    await page.getByRole('link', { name: 'Wróć do listy artykułów' }).click();
    await page.waitForURL(`${base}/posts`);
    await page.close();
  });
});
