import { buildCategory, buildPost, type TestApi } from '@blog/api/testing';
import { Post } from '@blog/api/models';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { contentEditor, openPostEditor, signInAsNewAdmin } from './support/admin-editor.ts';
import { type Browser, launchBrowser } from './support/browser.ts';
import { startProduct } from './support/product.ts';

/**
 * „Historia zmian”: a saved mistake is undone by restoring an older revision; a changed slug
 * keeps the old address working.
 */
describe('post history in the editor', () => {
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

  it('lists every save, compares an older one word by word and restores it as a new revision', async () => {
    const category = await buildCategory();
    const post = await buildPost({
      categories: [category],
      content: '<p>Dobry akapit, który zostanie skasowany.</p>',
    });
    const page = await signInAsNewAdmin(browser, base);
    const save = async () => {
      await page.getByRole('button', { name: 'Zapisz zmiany' }).click();
      await page.waitForURL(`${base}/admin/posts`);
    };

    await openPostEditor(page, base, post.id);
    await save();
    // The saved mistake: the whole text replaced by a pasted wrong one.
    await openPostEditor(page, base, post.id);
    await contentEditor(page).click();
    await page.keyboard.press('Control+A');
    await page.keyboard.type('Wklejony przez pomyłkę tekst.');
    await save();

    await openPostEditor(page, base, post.id);
    const history = page.getByRole('region', { name: 'Historia zmian' });
    await history.getByRole('listitem').nth(1).waitFor();
    expect(await history.getByRole('listitem').count()).toBe(2);
    await history
      .getByRole('listitem')
      .nth(1)
      .getByRole('button', { name: /^Pokaż wersję z/ })
      .click();
    const dialog = page.getByRole('dialog', { name: /^Wersja z / });
    const comparison = dialog.getByRole('group', { name: 'Porównanie z bieżącą wersją' });
    await comparison.waitFor();
    expect((await comparison.locator('del').allTextContents()).join('')).toContain(
      'Dobry akapit, który zostanie skasowany',
    );
    expect((await comparison.locator('ins').allTextContents()).join('')).toContain(
      'Wklejony przez pomyłkę tekst',
    );
    expect(await dialog.getByRole('group', { name: 'Treść tej wersji' }).textContent()).toBe(
      'Dobry akapit, który zostanie skasowany.',
    );

    await dialog.getByRole('button', { name: 'Przywróć tę wersję' }).click();
    await dialog.waitFor({ state: 'detached' });
    await page.getByText('Wersja przywrócona').first().waitFor();
    expect(await contentEditor(page).textContent()).toBe('Dobry akapit, który zostanie skasowany.');
    await history.getByRole('listitem').nth(2).waitFor();
    expect(await history.getByRole('listitem').count()).toBe(3);
    expect((await Post.findByPk(post.id))!.content).toContain('Dobry akapit, który zostanie skasowany.');
    await page.close();
  });

  it('an old slug of a published post leads to its new address', async () => {
    const category = await buildCategory();
    const post = await buildPost({ categories: [category], firstPublishedAt: new Date() });
    const page = await signInAsNewAdmin(browser, base);
    await openPostEditor(page, base, post.id);
    await page.getByLabel('Slug').fill(`${post.slug}-nowy`);
    await page.getByRole('button', { name: 'Zapisz zmiany' }).click();
    await page.waitForURL(`${base}/admin/posts`);
    const visitor = await browser.visitor();
    const response = await visitor.goto(`${base}/post/${post.slug}`);
    expect(visitor.url()).toBe(`${base}/post/${post.slug}-nowy`);
    expect(response?.status()).toBe(200);
    expect(response?.request().redirectedFrom()?.url()).toBe(`${base}/post/${post.slug}`);
    await visitor.getByRole('heading', { name: post.title, level: 1 }).waitFor();
    await page.close();
  });
});
