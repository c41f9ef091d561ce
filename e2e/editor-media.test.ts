import { buildCategory, buildPost, type TestApi } from '@blog/api/testing';
import type { Page } from 'playwright-core';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { contentEditor, openPostEditor, signInAsNewAdmin, typeAtEnd } from './support/admin-editor.ts';
import { seriousA11yViolations } from './support/axe.ts';
import { type Browser, launchBrowser } from './support/browser.ts';
import { startProduct } from './support/product.ts';

/**
 * The rich-text post editor in Chromium against the built product: images pasted and dropped as files
 * (uploaded, described, reaching readers with `srcset`), the cover's alt text and its checks when
 * chosen, an inserted image's alt and caption edited, links through the Ctrl+K popover, Ctrl+S, the
 * word count, the preview of a draft and the save bar on a phone.
 */
describe('the rich-text post editor: media, links, shortcuts, preview', () => {
  let product: TestApi;
  let browser: Browser;
  let base: string;
  let png: Buffer;
  beforeAll(async () => {
    product = await startProduct();
    browser = await launchBrowser();
    base = `http://127.0.0.1:${product.port}`;
    png = await sharp({ create: { width: 1000, height: 600, channels: 3, background: '#27ae60' } })
      .png()
      .toBuffer();
  });
  afterAll(async () => {
    await browser?.close();
    await product?.close();
  });

  const publishedPost = async () =>
    buildPost({ published: true, categories: [await buildCategory()], content: '<p>Początek.</p>' });

  /** Fires a paste or a drop of one image file at the middle of the editor, as the browser would. */
  const sendImageFile = (page: Page, kind: 'paste' | 'drop', name: string) =>
    contentEditor(page).evaluate(
      (element, { kind, name, bytes }) => {
        const data = new DataTransfer();
        data.items.add(new File([new Uint8Array(bytes)], name, { type: 'image/png' }));
        const box = element.getBoundingClientRect();
        const at = { clientX: box.left + box.width / 2, clientY: box.top + 20 };
        element.dispatchEvent(
          kind === 'paste'
            ? new ClipboardEvent('paste', { clipboardData: data, bubbles: true, cancelable: true })
            : new DragEvent('drop', { dataTransfer: data, bubbles: true, cancelable: true, ...at }),
        );
      },
      { kind, name, bytes: [...png] },
    );

  /**
   * Waits until the editor itself has the caret in a link (TipTap keeps its instance on the editing
   * element): the browser tells it of a click's selection a moment later, and Ctrl+K reads the editor.
   */
  const caretInLink = (page: Page) =>
    expect
      .poll(
        () =>
          contentEditor(page).evaluate(
            (element) =>
              (element as HTMLElement & { editor?: { isActive(name: string): boolean } }).editor?.isActive(
                'link',
              ) ?? false,
          ),
        { timeout: 10_000 },
      )
      .toBe(true);

  const saveWithCtrlS = async (page: Page) => {
    await page.keyboard.press('Control+s');
    await page.getByText('Post zaktualizowany').first().waitFor();
    await page.getByRole('heading', { name: 'Wszystkie posty', level: 1 }).waitFor();
  };

  it('a pasted and a dropped image: described, uploaded, saved with Ctrl+S, shown to readers with srcset', async () => {
    const post = await publishedPost();
    const page = await signInAsNewAdmin(browser, base);
    const errors: string[] = [];
    page.on('pageerror', (err) => errors.push(err.message));
    await openPostEditor(page, base, post.id);
    await typeAtEnd(page, ' ');

    await sendImageFile(page, 'paste', 'wklejony.png');
    const dialog = page.getByRole('dialog', { name: 'Wstaw obraz' });
    await dialog.waitFor();
    await page.waitForLoadState('networkidle');
    expect(await seriousA11yViolations(page)).toEqual([]);
    // The description is required: nothing is uploaded without it.
    await dialog.getByRole('button', { name: 'Wstaw obraz' }).click();
    await dialog.getByText('Opisz obraz: tekst alternatywny jest wymagany.').waitFor();
    await dialog.getByLabel('Tekst alternatywny').fill('Zielona łąka');
    await dialog.getByLabel('Podpis (opcjonalnie)').fill('Łąka w maju');
    await dialog.getByRole('button', { name: 'Wstaw obraz' }).click();
    await dialog.waitFor({ state: 'detached' });
    await contentEditor(page).locator('figure img[alt="Zielona łąka"]').waitFor();

    await sendImageFile(page, 'drop', 'upuszczony.png');
    await dialog.getByLabel('Tekst alternatywny').fill('Upuszczony obraz');
    await dialog.getByRole('button', { name: 'Wstaw obraz' }).click();
    await contentEditor(page).locator('figure img[alt="Upuszczony obraz"]').waitFor();
    expect(await contentEditor(page).locator('figure img').count()).toBe(2);

    await saveWithCtrlS(page);
    const reader = await browser.context.browser()!.newContext();
    const article = await reader.newPage();
    await article.goto(`${base}/post/${post.slug}`);
    const pasted = article.locator('article figure img[alt="Zielona łąka"]');
    await pasted.waitFor();
    expect(await pasted.getAttribute('srcset')).toMatch(
      /^\/api\/images\/([a-f0-9]{32})-480w\.webp 480w, \/api\/images\/\1-960w\.webp 960w, \/api\/images\/\1-1000w\.webp 1000w$/,
    );
    expect(await pasted.getAttribute('sizes')).toBe('(min-width: 62em) 896px, 100vw');
    expect(await article.locator('article figcaption').textContent()).toBe('Łąka w maju');
    expect(await article.locator('article figure img[alt="Upuszczony obraz"]').count()).toBe(1);
    // The browser really loaded a re-encoded width.
    await expect.poll(() => pasted.evaluate((img: HTMLImageElement) => img.naturalWidth)).toBeGreaterThan(0);
    await reader.close();
    expect(errors).toEqual([]);
    await page.close();
  });

  it('an inserted image’s alt text and caption edited through „Edytuj opis obrazu”, saved and shown to readers', async () => {
    const post = await publishedPost();
    const page = await signInAsNewAdmin(browser, base);
    await openPostEditor(page, base, post.id);
    await typeAtEnd(page, ' ');
    const describe = page.getByRole('button', { name: 'Edytuj opis obrazu' });
    // Off without a selected image.
    expect(await describe.isDisabled()).toBe(true);
    await sendImageFile(page, 'paste', 'do-opisu.png');
    const insert = page.getByRole('dialog', { name: 'Wstaw obraz' });
    await insert.getByLabel('Tekst alternatywny').fill('Pierwszy opis');
    await insert.getByLabel('Podpis (opcjonalnie)').fill('Stary podpis');
    await insert.getByRole('button', { name: 'Wstaw obraz' }).click();
    await insert.waitFor({ state: 'detached' });
    // A click on the image selects it and turns the button on.
    await contentEditor(page).locator('figure img[alt="Pierwszy opis"]').click();
    await expect.poll(() => describe.isEnabled()).toBe(true);
    await describe.click();
    const dialog = page.getByRole('dialog', { name: 'Edytuj opis obrazu' });
    await dialog.waitFor();
    expect(await dialog.getByLabel('Tekst alternatywny').inputValue()).toBe('Pierwszy opis');
    expect(await dialog.getByLabel('Podpis (opcjonalnie)').inputValue()).toBe('Stary podpis');
    await page.waitForLoadState('networkidle');
    expect(await seriousA11yViolations(page)).toEqual([]);
    // The alt stays required.
    await dialog.getByLabel('Tekst alternatywny').fill(' ');
    await dialog.getByRole('button', { name: 'Zapisz opis' }).click();
    await dialog.getByText('Opisz obraz: tekst alternatywny jest wymagany.').waitFor();
    await dialog.getByLabel('Tekst alternatywny').fill('Zielona polana');
    await dialog.getByLabel('Podpis (opcjonalnie)').fill('Nowy podpis');
    await dialog.getByLabel('Podpis (opcjonalnie)').press('Enter');
    await dialog.waitFor({ state: 'detached' });
    await contentEditor(page).locator('figure img[alt="Zielona polana"]').waitFor();
    expect(await contentEditor(page).locator('figcaption').textContent()).toBe('Nowy podpis');

    await saveWithCtrlS(page);
    const reader = await browser.context.browser()!.newContext();
    const article = await reader.newPage();
    await article.goto(`${base}/post/${post.slug}`);
    await article.locator('article figure img[alt="Zielona polana"]').waitFor();
    expect(await article.locator('article figcaption').textContent()).toBe('Nowy podpis');
    expect(await article.locator('article img[alt="Pierwszy opis"]').count()).toBe(0);
    await reader.close();
    await page.close();
  });

  it('the cover: its alt text reaches the article; a wrong file is refused when chosen', async () => {
    const post = await publishedPost();
    const page = await signInAsNewAdmin(browser, base);
    await openPostEditor(page, base, post.id);
    const picker = page.getByLabel('Obraz posta', { exact: true });
    await picker.setInputFiles({
      name: 'dokument.pdf',
      mimeType: 'application/pdf',
      buffer: Buffer.from('%PDF-1.4'),
    });
    await page.getByText('Plik nie jest obsługiwanym obrazem.').waitFor();
    const big = Buffer.concat([png, Buffer.alloc(5 * 1024 * 1024)]);
    await picker.setInputFiles({ name: 'wielki.png', mimeType: 'image/png', buffer: big });
    await page.getByText('Obraz może mieć najwyżej 5 MB.').waitFor();
    await picker.setInputFiles({ name: 'okladka.png', mimeType: 'image/png', buffer: png });
    await page.getByRole('img', { name: 'Podgląd obrazu posta' }).waitFor();
    expect(await page.getByText('Obraz może mieć najwyżej 5 MB.').count()).toBe(0);
    await page.getByLabel('Tekst alternatywny obrazu').fill('Zielone pole o świcie');
    await saveWithCtrlS(page);

    const response = await fetch(`${base}/post/${post.slug}`);
    const html = await response.text();
    expect(html).toMatch(/<img[^>]+alt="Zielone pole o świcie"/);
    await page.close();
  });

  it('links through the Ctrl+K popover: add, open in the same tab, edit, remove', async () => {
    const post = await publishedPost();
    const page = await signInAsNewAdmin(browser, base);
    await openPostEditor(page, base, post.id);
    const link = page.getByRole('toolbar', { name: 'Formatowanie tekstu' }).getByRole('button', {
      name: 'Wstaw link',
      exact: true,
    });
    expect(await link.getAttribute('aria-keyshortcuts')).toBe('Control+K');

    await typeAtEnd(page, ' Zobacz źródło');
    await page.keyboard.press('Shift+Home');
    // The editor reads the browser's selection on its next selectionchange: Ctrl+K only once the editor
    // itself holds a selection (else the link goes to an empty one and no text gets it; seen in CI).
    await expect
      .poll(
        () =>
          contentEditor(page).evaluate(
            (element) =>
              (element as HTMLElement & { editor?: { state: { selection: { empty: boolean } } } }).editor
                ?.state.selection.empty ?? true,
          ),
        { timeout: 10_000 },
      )
      .toBe(false);
    await page.keyboard.press('Control+k');
    const popover = page.getByRole('dialog', { name: 'Wstaw link' });
    await popover.waitFor();
    await page.waitForLoadState('networkidle');
    expect(await seriousA11yViolations(page)).toEqual([]);
    // Enter in the address field saves the link (and never submits the post form around it).
    const address = popover.getByLabel('Adres linku (URL)');
    await address.fill('https://example.com/zrodlo');
    await address.press('Enter');
    const anchor = contentEditor(page).locator('a[href="https://example.com/zrodlo"]');
    await anchor.waitFor();
    expect(await anchor.getAttribute('target')).toBe('_blank');
    expect(await anchor.getAttribute('rel')).toBe('noopener noreferrer');

    // Back on the link: „Edytuj link”, same tab this time.
    await anchor.click();
    // Into the link by the keyboard as well: Ctrl+K reads the link at the caret.
    await page.keyboard.press('ArrowLeft');
    await caretInLink(page);
    await page.keyboard.press('Control+k');
    const edit = page.getByRole('dialog', { name: 'Edytuj link' });
    expect(await edit.getByLabel('Adres linku (URL)').inputValue()).toBe('https://example.com/zrodlo');
    await edit.getByText('Otwórz w nowej karcie').click();
    await edit.getByRole('button', { name: 'Zapisz link' }).click();
    await expect.poll(() => anchor.getAttribute('target')).toBe('_self');

    await saveWithCtrlS(page);
    const html = await (await fetch(`${base}/post/${post.slug}`)).text();
    expect(html).toContain('<a target="_self" rel="noopener noreferrer" href="https://example.com/zrodlo">');

    await openPostEditor(page, base, post.id);
    await contentEditor(page).locator('a').click();
    // As above: a key moves the caret through the editor, so Ctrl+K reads the caret the click put in
    // the link even when the browser has not yet told the editor of the click's selection.
    await page.keyboard.press('ArrowLeft');
    await caretInLink(page);
    await page.keyboard.press('Control+k');
    await page
      .getByRole('dialog', { name: 'Edytuj link' })
      .getByRole('button', { name: 'Usuń link' })
      .click();
    await expect.poll(() => contentEditor(page).locator('a').count()).toBe(0);
    expect(await contentEditor(page).textContent()).toContain('Zobacz źródło');
    await page.close();
  });

  it('writing comfort: live word count, quote, code (with its language) and rule by markdown, a sticky save bar on a phone', async () => {
    const post = await publishedPost();
    const page = await signInAsNewAdmin(browser, base);
    await openPostEditor(page, base, post.id);
    const count = page.getByText(/^Słowa: \d+ · Czas czytania: \d+ min$/);
    const words = async () => Number(/Słowa: (\d+)/.exec((await count.textContent()) ?? '')?.[1]);
    // The count follows the loaded body (the editor may start before the post's text is in it).
    await expect.poll(words, { timeout: 10_000 }).toBeGreaterThan(0);
    const before = await words();
    await typeAtEnd(page, ' dwa trzy');
    await expect.poll(words, { timeout: 10_000 }).toBe(before + 2);
    expect(await count.textContent()).toContain('Czas czytania: 1 min');

    await page.keyboard.press('Enter');
    await page.keyboard.type('> Cytat z książki');
    await page.keyboard.press('Enter');
    await page.keyboard.press('Enter');
    await page.keyboard.type('---');
    await page.keyboard.type('```ts ');
    await page.keyboard.type('const a = 1;');
    await contentEditor(page).locator('blockquote', { hasText: 'Cytat z książki' }).waitFor();
    await contentEditor(page).locator('hr').waitFor();
    await contentEditor(page).locator('pre code', { hasText: 'const a = 1;' }).waitFor();

    // A 390 px phone: Save is on screen at the top of the form, without scrolling to the end.
    await page.setViewportSize({ width: 390, height: 844 });
    await page.evaluate(() => window.scrollTo(0, 0));
    const save = page.getByRole('button', { name: 'Zapisz zmiany' }).filter({ visible: true });
    await expect.poll(() => save.count()).toBeGreaterThan(0);
    let onScreen = false;
    for (const box of await Promise.all((await save.all()).map((button) => button.boundingBox())))
      if (box && box.y >= 0 && box.y + box.height <= 844) onScreen = true;
    expect(onScreen).toBe(true);
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
    await page.setViewportSize({ width: 1280, height: 900 });
    await saveWithCtrlS(page);
    const html = await (await fetch(`${base}/post/${post.slug}`)).text();
    expect(html).toMatch(/<blockquote><p[^>]*>Cytat z książki<\/p><\/blockquote>/);
    expect(html).toContain('<hr>');
    // The block keeps the language typed after the backticks.
    expect(html).toContain('<pre><code class="language-ts">const a = 1;</code></pre>');
    await page.close();
  });

  it('a saved draft has „Podgląd” at desktop and phone widths; a new post says it comes after saving', async () => {
    const draft = await buildPost({ published: false, categories: [await buildCategory()] });
    const page = await signInAsNewAdmin(browser, base);
    await page.goto(`${base}/admin/posts/new`);
    await contentEditor(page).waitFor();
    await page.getByText('Podgląd posta będzie dostępny po zapisaniu.').waitFor();

    await openPostEditor(page, base, draft.id);
    expect(await page.getByText('Podgląd posta będzie dostępny po zapisaniu.').count()).toBe(0);
    await page.getByText('Podgląd pokazuje ostatnią zapisaną wersję szkicu.').waitFor();
    const preview = page.getByRole('link', { name: 'Podgląd', exact: true });
    expect(await preview.getAttribute('href')).toBe(`/post/${draft.slug}`);
    const [desktop] = await Promise.all([page.waitForEvent('popup'), preview.click()]);
    await desktop.getByRole('heading', { name: draft.title, level: 1 }).waitFor();
    await desktop.close();

    const [phone] = await Promise.all([
      page.waitForEvent('popup'),
      page.getByRole('button', { name: 'Podgląd na telefonie' }).click(),
    ]);
    await phone.getByRole('heading', { name: draft.title, level: 1 }).waitFor();
    expect(await phone.evaluate(() => window.innerWidth)).toBeLessThanOrEqual(390);
    await phone.close();
    await page.waitForLoadState('networkidle');
    expect(await seriousA11yViolations(page)).toEqual([]);
    await page.close();
  });
});
