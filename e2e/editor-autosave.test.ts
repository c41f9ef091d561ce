import { buildCategory, buildPost, type TestApi } from '@blog/api/testing';
import { Post } from '@blog/api/models';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { contentEditor, openPostEditor, signInAsNewAdmin, typeAtEnd } from './support/admin-editor.ts';
import { type Browser, launchBrowser } from './support/browser.ts';
import { startProduct } from './support/product.ts';

/**
 * Autosave and recovery: what is typed is kept in the browser; reopening the editor after a
 * closed tab offers it back with every character; a save without a connection keeps the form.
 */
const RECOVERY = /Przywrócić niezapisane zmiany z \d{2}:\d{2}\?/;

describe('the post editor keeps unsaved work in the browser', () => {
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

  it('a new post: type, close the tab without saving, reopen, restore — every character is back', async () => {
    const page = await signInAsNewAdmin(browser, base);
    await page.goto(`${base}/admin/posts/new`);
    await contentEditor(page).waitFor();
    const title = 'Odzyskany tytuł: zażółć gęślą jaźń';
    const body = 'Pierwszy akapit pisany długo, z polskimi znakami ąćęłńóśźż i cyframi 12345.';
    await page.getByLabel('Tytuł').fill(title);
    await typeAtEnd(page, body);
    await page.getByText(/^Kopia robocza zachowana w przeglądarce o/).waitFor();
    await page.close();

    const again = await browser.context.newPage();
    await again.goto(`${base}/admin/posts/new`);
    const offer = again.getByRole('alert').filter({ hasText: RECOVERY });
    await offer.waitFor();
    await offer.getByRole('button', { name: 'Przywróć' }).click();
    expect(await again.getByLabel('Tytuł').inputValue()).toBe(title);
    expect(await again.getByLabel('Slug').inputValue()).toBe('odzyskany-tytul-zazolc-gesla-jazn');
    expect(await contentEditor(again).textContent()).toBe(body);
    // „Odrzuć” forgets it: the next visit offers nothing.
    await again.goto(`${base}/admin/posts/new`);
    await again
      .getByRole('alert')
      .filter({ hasText: RECOVERY })
      .getByRole('button', { name: 'Odrzuć' })
      .click();
    await again.reload();
    await contentEditor(again).waitFor();
    expect(await again.getByRole('alert').filter({ hasText: RECOVERY }).count()).toBe(0);
    await again.close();
  });

  it('an edit: the tab killed right after the last keystroke; the text comes back and a save clears the draft', async () => {
    const category = await buildCategory();
    const post = await buildPost({ categories: [category], content: '<p>Stary tekst.</p>' });
    const page = await signInAsNewAdmin(browser, base);
    await openPostEditor(page, base, post.id);
    const typed = ' Dopisane tuż przed awarią: ostatnie słowo';
    await typeAtEnd(page, typed);
    // Closing the tab (the browser's own „leave?” prompt accepted) keeps the draft at once.
    page.on('dialog', (dialog) => void dialog.accept());
    await page.close({ runBeforeUnload: true });
    await page.waitForEvent('close');

    const again = await browser.context.newPage();
    await openPostEditor(again, base, post.id);
    await again
      .getByRole('alert')
      .filter({ hasText: RECOVERY })
      .getByRole('button', { name: 'Przywróć' })
      .click();
    expect(await contentEditor(again).textContent()).toBe(`Stary tekst.${typed}`);
    // The server copy is untouched until the person saves.
    expect((await Post.findByPk(post.id))!.content).toBe('<p>Stary tekst.</p>');

    // A save without a connection keeps the form and says so.
    await again.route('**/api/admin/posts/*', (route) =>
      route.request().method() === 'PUT' ? route.abort('internetdisconnected') : route.continue(),
    );
    await again.getByRole('button', { name: 'Zapisz zmiany' }).click();
    await again.getByText('Brak połączenia').first().waitFor();
    expect(again.url()).toBe(`${base}/admin/posts/edit/${post.id}`);
    expect(await contentEditor(again).textContent()).toBe(`Stary tekst.${typed}`);

    await again.unroute('**/api/admin/posts/*');
    await again.getByRole('button', { name: 'Zapisz zmiany' }).click();
    await again.waitForURL(`${base}/admin/posts`);
    expect((await Post.findByPk(post.id))!.content).toContain(`Stary tekst.${typed}`);
    await openPostEditor(again, base, post.id);
    expect(await again.getByRole('alert').filter({ hasText: RECOVERY }).count()).toBe(0);
    await again.close();
  });
});
