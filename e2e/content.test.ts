import { buildComment, type TestApi, uniqueSuffix } from '@blog/api/testing';
import type { Page } from 'playwright-core';
import sharp from 'sharp';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { seriousA11yViolations } from './support/axe.ts';
import { type Browser, launchBrowser } from './support/browser.ts';
import { startProduct } from './support/product.ts';
import { newStaffPage } from './support/sign-in.ts';

/**
 * Content administration in Chromium against the built product: categories, the post editor
 * with every toolbar feature and an uploaded image, publishing to the public side, drafts, comment
 * moderation, deleting a category.
 */

const LINK_ALERT = 'Wystąpił błąd podczas dodawania linku. Sprawdź poprawność URL.';

describe('content administration', () => {
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
  beforeEach(async () => {
    await browser.fresh();
  });

  const signedInAdmin = () => newStaffPage(browser.context, base, { prefix: 'e2e-tresc' });

  /** Sets the link of the selected text through the link popover (not a browser prompt). */
  const setLink = async (page: Page, href: string) => {
    await tool(page, 'Wstaw link').click();
    const popover = page.getByRole('dialog', { name: 'Wstaw link' });
    await popover.getByLabel('Adres linku (URL)').fill(href);
    await popover.getByRole('button', { name: 'Zapisz link' }).click();
  };

  const editor = (page: Page) => page.getByRole('textbox', { name: 'Treść' });
  const tool = (page: Page, name: string) =>
    page.getByRole('toolbar', { name: 'Formatowanie tekstu' }).getByRole('button', { name, exact: true });

  it('editor: Polish toolbar names, pressed states, arrow keys, URL checks, unsaved-changes guard', async () => {
    const { page, errors } = await signedInAdmin();
    await page
      .getByRole('navigation', { name: 'Nawigacja panelu' })
      .getByRole('link', { name: 'Nowy post' })
      .click();
    await page.getByRole('heading', { name: 'Nowy post', level: 1 }).waitFor();
    await editor(page).waitFor();
    for (const name of [
      'Pogrubienie',
      'Kursywa',
      'Podkreślenie',
      'Przekreślenie',
      'Kod w tekście',
      'Wyróżnienie',
      'Indeks dolny',
      'Indeks górny',
      'Klawisz',
      'Nagłówek 2',
      'Nagłówek 3',
      'Nagłówek 4',
      'Lista punktowana',
      'Lista numerowana',
      'Cytat',
      'Blok kodu',
      'Linia pozioma',
      'Wstaw link',
      'Wstaw obraz',
      'Wyrównaj do lewej',
      'Wyśrodkuj',
      'Wyrównaj do prawej',
      'Wyjustuj',
    ]) {
      expect(await tool(page, name).count(), name).toBe(1);
    }
    expect(await page.getByText('PNG, JPG lub GIF, maks. 5MB', { exact: false }).count()).toBe(1);
    expect(await page.getByText('Podgląd posta będzie dostępny po zapisaniu.').count()).toBe(1);
    expect(await page.locator('.ProseMirror p[data-placeholder="Zacznij pisać..."]').count()).toBe(1);
    const minHeight = await page.locator('.ProseMirror').evaluate((el) => getComputedStyle(el).minHeight);
    expect(minHeight).toBe('300px');
    await page.waitForLoadState('networkidle');
    expect(await seriousA11yViolations(page)).toEqual([]);

    // Slug follows the title while untouched; typed slugs are normalised.
    await page.getByLabel('Tytuł').fill('Żółta łódź');
    expect(await page.getByLabel('Slug').inputValue()).toBe('zolta-lodz');
    await page.getByLabel('Slug').fill('Mój Slug');
    expect(await page.getByLabel('Slug').inputValue()).toBe('m-j-slug');

    // Bold is a toggle with a pressed state; the toolbar is one Tab stop moved through by arrow keys.
    await editor(page).click();
    await tool(page, 'Pogrubienie').click();
    expect(await tool(page, 'Pogrubienie').getAttribute('aria-pressed')).toBe('true');
    await page.keyboard.type('gruby');
    expect(await editor(page).locator('strong').textContent()).toBe('gruby');
    await tool(page, 'Pogrubienie').focus();
    await page.keyboard.press('ArrowRight');
    expect(await page.evaluate(() => document.activeElement?.getAttribute('aria-label'))).toBe('Kursywa');
    await page.keyboard.press('End');
    expect(await page.evaluate(() => document.activeElement?.getAttribute('aria-label'))).toBe('Wyjustuj');

    // A refused address gives the rules' alert in the link popover and changes nothing.
    await editor(page).click();
    await page.keyboard.press('Shift+Home');
    await setLink(page, 'javascript:alert(1)');
    const popover = page.getByRole('dialog', { name: 'Wstaw link' });
    await popover.getByRole('alert').filter({ hasText: LINK_ALERT }).waitFor();
    await page.keyboard.press('Escape');
    await popover.waitFor({ state: 'detached' });
    expect(await editor(page).locator('a, img').count()).toBe(0);

    // Leaving a dirty editor asks first.
    const nav = page.getByRole('navigation', { name: 'Nawigacja panelu' });
    await nav.getByRole('link', { name: 'Pulpit' }).click();
    const guard = page.getByRole('alertdialog', { name: 'Niezapisane zmiany' });
    await guard.waitFor();
    await guard.getByRole('button', { name: 'Zostań na stronie' }).click();
    expect(new URL(page.url()).pathname).toBe('/admin/posts/new');
    await nav.getByRole('link', { name: 'Pulpit' }).click();
    await guard.getByRole('button', { name: 'Opuść stronę' }).click();
    await page.getByRole('heading', { name: 'Pulpit', level: 1 }).waitFor();
    expect(errors).toEqual([]);
    await page.close();
  });

  it(
    'category → post with every toolbar feature and an image → public → draft → comments → category deleted',
    async () => {
      const { page, errors } = await signedInAdmin();
      await page.waitForLoadState('networkidle');
      expect(await seriousA11yViolations(page)).toEqual([]);
      const nav = page.getByRole('navigation', { name: 'Nawigacja panelu' });
      const suffix = uniqueSuffix();

      // Category.
      const categoryName = `Kategoria e2e ${suffix}`;
      await nav.getByRole('link', { name: 'Kategorie' }).click();
      await page.getByRole('heading', { name: 'Zarządzanie kategoriami' }).waitFor();
      const addButton = page.getByRole('button', { name: 'Dodaj kategorię' });
      expect(await addButton.isDisabled()).toBe(true);
      await page.getByLabel('Nazwa nowej kategorii').fill(categoryName);
      await addButton.click();
      await page.getByText('Kategoria dodana').waitFor();
      await page.getByRole('cell', { name: categoryName, exact: true }).waitFor();
      await page.waitForLoadState('networkidle');
      expect(await seriousA11yViolations(page)).toEqual([]);

      // Post: every field, every toolbar feature, an uploaded PNG.
      const title = `Post z edytora ${suffix}`;
      await nav.getByRole('link', { name: 'Nowy post' }).click();
      await page.getByLabel('Tytuł').fill(title);
      const slug = await page.getByLabel('Slug').inputValue();
      expect(slug).toBe(`post-z-edytora-${suffix}`.toLowerCase());
      const png = await sharp({
        create: { width: 1200, height: 800, channels: 3, background: { r: 30, g: 120, b: 200 } },
      })
        .png()
        .toBuffer();
      await page
        .getByLabel('Obraz posta', { exact: true })
        .setInputFiles({ name: 'okladka.png', mimeType: 'image/png', buffer: png });
      await page.getByRole('img', { name: 'Podgląd obrazu posta' }).waitFor();
      await page.getByLabel('Zajawka').fill('Zajawka posta z edytora.');

      await editor(page).click();
      await tool(page, 'Nagłówek 2').click();
      await page.keyboard.type('Nagłówek pierwszy');
      await tool(page, 'Wyśrodkuj').click();
      await page.keyboard.press('Enter');
      await tool(page, 'Nagłówek 3').click();
      await page.keyboard.type('Nagłówek drugi');
      await tool(page, 'Wyrównaj do prawej').click();
      await page.keyboard.press('Enter');
      await tool(page, 'Nagłówek 4').click();
      await page.keyboard.type('Nagłówek trzeci');
      await page.keyboard.press('Enter');
      await tool(page, 'Pogrubienie').click();
      await page.keyboard.type('gruby');
      await tool(page, 'Pogrubienie').click();
      await page.keyboard.type(' ');
      await tool(page, 'Kursywa').click();
      await page.keyboard.type('pochyły');
      await tool(page, 'Kursywa').click();
      await page.keyboard.type(' ');
      await tool(page, 'Podkreślenie').click();
      await page.keyboard.type('podkreślony');
      await tool(page, 'Podkreślenie').click();
      await tool(page, 'Wyjustuj').click();
      await page.keyboard.press('Enter');
      await tool(page, 'Wyrównaj do lewej').click();
      await page.keyboard.type('źródło');
      await page.keyboard.press('Shift+Home');
      // The editor takes the browser's selection on its next selectionchange: link only once it is there.
      await expect.poll(() => page.evaluate(() => document.getSelection()?.isCollapsed)).toBe(false);
      await setLink(page, 'https://example.com/zrodlo');
      await editor(page).locator('a[href="https://example.com/zrodlo"]').waitFor();
      // The popover hands the focus back to the text on the next frame: type only once it is there.
      await expect
        .poll(() => editor(page).evaluate((element) => element === document.activeElement))
        .toBe(true);
      await page.keyboard.press('End');
      // Enter only once the caret has left the linked text (else Enter replaces what is still selected).
      await expect.poll(() => page.evaluate(() => document.getSelection()?.isCollapsed)).toBe(true);
      await page.keyboard.press('Enter');
      await tool(page, 'Lista punktowana').click();
      await page.keyboard.type('punkt pierwszy');
      await page.keyboard.press('Enter');
      await page.keyboard.press('Enter');
      await tool(page, 'Lista numerowana').click();
      await page.keyboard.type('krok pierwszy');
      await page.keyboard.press('Enter');
      await page.keyboard.press('Enter');
      // An image in the body: the toolbar's file picker, then its required description and a caption.
      const chooser = page.waitForEvent('filechooser');
      await tool(page, 'Wstaw obraz').click();
      await (await chooser).setFiles({ name: 'wstawka.png', mimeType: 'image/png', buffer: png });
      const imageDialog = page.getByRole('dialog', { name: 'Wstaw obraz' });
      await imageDialog.getByLabel('Tekst alternatywny').fill('Niebieski prostokąt');
      await imageDialog.getByLabel('Podpis (opcjonalnie)').fill('Podpis pod obrazem');
      await imageDialog.getByRole('button', { name: 'Wstaw obraz' }).click();
      await editor(page).locator('figure img[src^="/api/images/"]').waitFor();

      await page.getByText(categoryName, { exact: true }).click();
      const tagInput = page.getByLabel('Nowy tag');
      await tagInput.fill('  uwaga ');
      await tagInput.press('Enter');
      await tagInput.fill('uwaga');
      await tagInput.press('Enter');
      expect(await page.getByRole('button', { name: 'Usuń tag uwaga' }).count()).toBe(1);
      await page.waitForLoadState('networkidle');
      expect(await seriousA11yViolations(page)).toEqual([]);
      await page.getByRole('button', { name: 'Utwórz post' }).click();
      await page.getByText('Post utworzony').waitFor();
      await page.getByRole('heading', { name: 'Wszystkie posty', level: 1 }).waitFor();
      await page.getByRole('searchbox', { name: 'Szukaj postów' }).fill(suffix);
      const row = page.getByRole('row').filter({ hasText: title });
      await row.getByText('Opublikowany').first().waitFor();
      await page.waitForLoadState('networkidle');
      expect(await seriousA11yViolations(page)).toEqual([]);

      // Public side: the list and the article with the same formatting and a responsive image.
      const reader = await browser.context.browser()?.newContext();
      const publicPage = reader ? await reader.newPage() : await browser.context.newPage();
      await publicPage.goto(`${base}/posts`);
      await publicPage.getByRole('searchbox').fill(suffix);
      await publicPage.getByRole('heading', { name: title }).waitFor();
      await publicPage.goto(`${base}/post/${slug}`);
      await publicPage.getByRole('heading', { name: title, level: 1 }).waitFor();
      const body = publicPage.locator('article');
      // The title is the article's h1: the body's headings start at h2.
      expect(await body.locator('h2', { hasText: 'Nagłówek pierwszy' }).getAttribute('style')).toContain(
        'text-align: center',
      );
      expect(await body.locator('h3', { hasText: 'Nagłówek drugi' }).getAttribute('style')).toContain(
        'text-align: right',
      );
      expect(await body.locator('h4', { hasText: 'Nagłówek trzeci' }).count()).toBe(1);
      expect(await body.locator('strong', { hasText: 'gruby' }).count()).toBe(1);
      expect(await body.locator('em', { hasText: 'pochyły' }).count()).toBe(1);
      expect(await body.locator('u', { hasText: 'podkreślony' }).count()).toBe(1);
      // The stored body holds the link as the editor wrote it (the API answer, then the page).
      const stored = (await (await fetch(`${base}/api/posts/${slug}`)).json()) as { content: string };
      expect(stored.content).toContain(
        '<a target="_blank" rel="noopener noreferrer" href="https://example.com/zrodlo">źródło</a>',
      );
      const link = body.locator('a[href="https://example.com/zrodlo"]');
      expect(await link.getAttribute('target')).toBe('_blank');
      expect(await link.getAttribute('rel')).toContain('noopener');
      expect(await body.locator('ul li', { hasText: 'punkt pierwszy' }).count()).toBe(1);
      expect(await body.locator('ol li', { hasText: 'krok pierwszy' }).count()).toBe(1);
      const inline = body.locator('figure img[alt="Niebieski prostokąt"]');
      expect(await inline.getAttribute('srcset')).toMatch(/^\/api\/images\/[a-f0-9]{32}-480w\.webp 480w, /);
      expect(await body.locator('figcaption').textContent()).toBe('Podpis pod obrazem');
      const cover = publicPage.locator('img[src^="/api/images/"]').first();
      await cover.waitFor();
      expect(await cover.getAttribute('srcset')).toMatch(/\/api\/images\/\S+ \d+w/);
      await publicPage.close();

      // The upload is in the images log, with a preview link that really serves the image.
      await page.goto(`${base}/admin/logs`);
      await page.getByRole('tab', { name: 'Obrazy' }).click();
      const imageRow = page.getByRole('row').filter({ hasText: 'okladka.png' }).first();
      await imageRow.getByText(title).waitFor();
      const previewHref = await imageRow.getByRole('link', { name: 'Podgląd' }).getAttribute('href');
      expect(previewHref).toMatch(/^\/api\/images\/[a-f0-9]{32}-\d+w\.webp$/);
      const preview = await fetch(`${base}${previewHref}`);
      expect(preview.status).toBe(200);
      expect(preview.headers.get('content-type')).toBe('image/webp');
      await page.goto(`${base}/admin/posts`);
      await row.waitFor();

      // Edit: 'Zobacz post' while published; switch to draft.
      await row.getByRole('link', { name: `Edytuj post ${title}` }).click();
      await page.getByRole('heading', { name: 'Edytuj post', level: 1 }).waitFor();
      expect(await page.getByRole('link', { name: 'Zobacz post' }).getAttribute('target')).toBe('_blank');
      await page.waitForLoadState('networkidle');
      expect(await seriousA11yViolations(page)).toEqual([]);
      await page.getByText('Opublikowany', { exact: true }).click();
      await page.getByRole('button', { name: 'Zapisz zmiany' }).click();
      await page.getByText('Post zaktualizowany').waitFor();
      await page.getByRole('heading', { name: 'Wszystkie posty', level: 1 }).waitFor();
      await row.getByText('Szkic').first().waitFor();
      expect((await product.fetch(`/api/posts/${slug}`)).status).toBe(404);
      const list = (await (await product.fetch(`/api/posts?q=${suffix}`)).json()) as unknown[];
      expect(list).toEqual([]);

      // Comments: search, select all, one bulk delete.
      // The post's id, as the panel reads it (comments are made with the factory, straight in the database).
      const adminList = (await page.evaluate(
        async (q) => (await fetch(`/api/admin/posts?q=${encodeURIComponent(q)}`)).json(),
        title,
      )) as { items: { id: number; title: string }[] };
      const postId = adminList.items.find((post) => post.title === title)?.id;
      expect(postId).toBeDefined();
      const word = `moderacja${suffix}`;
      await buildComment({ postId: postId, content: `Pierwszy ${word}` });
      await buildComment({ postId: postId, content: `Drugi ${word}` });
      await page.goto(`${base}/admin/comments`);
      await page.getByRole('heading', { name: 'Zarządzanie komentarzami' }).waitFor();
      await page.getByRole('searchbox', { name: 'Szukaj komentarzy' }).fill(word.toUpperCase());
      await expect.poll(() => page.getByText(word, { exact: false }).count()).toBe(2);
      await page.waitForLoadState('networkidle');
      expect(await seriousA11yViolations(page)).toEqual([]);
      await page.getByRole('checkbox', { name: 'Zaznacz wszystkie komentarze' }).check({ force: true });
      await page.getByRole('button', { name: 'Usuń zaznaczone (2)' }).click();
      const bulk = page.getByRole('alertdialog', { name: 'Usuń zaznaczone komentarze' });
      await bulk.getByRole('button', { name: 'Usuń', exact: true }).click();
      await page.getByText('Komentarze zostały usunięte').waitFor();
      await page.getByText('Nie znaleziono komentarzy spełniających kryteria wyszukiwania').waitFor();

      // Delete the category: the post stays, now without categories.
      await nav.getByRole('link', { name: 'Kategorie' }).click();
      await page.getByRole('button', { name: `Usuń kategorię ${categoryName}` }).click();
      const confirm = page.getByRole('alertdialog', { name: 'Usuń kategorię' });
      await confirm.getByText('nie zostaną usunięte', { exact: false }).waitFor();
      await confirm.getByRole('button', { name: 'Usuń', exact: true }).click();
      await page.getByText('Kategoria usunięta').waitFor();
      await nav.getByRole('link', { name: 'Wszystkie posty' }).click();
      await page.getByRole('searchbox', { name: 'Szukaj postów' }).fill(suffix);
      await row.getByText('Brak kategorii').waitFor();
      // The publish switch (the row's other box is the bulk-selection tick).
      expect(await row.locator('[data-scope="switch"][data-part="root"] input').isDisabled()).toBe(true);
      expect(errors).toEqual([]);
      await page.close();
    },
    // One long journey through five screens and the public side.
    180_000,
  );
});
