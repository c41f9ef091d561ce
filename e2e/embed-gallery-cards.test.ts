import { buildCategory, buildPost, type TestApi } from '@blog/api/testing';
import { EMBED_FRAME_ORIGINS, embedOf } from '@blog/shared/post-cards';
import type { Page } from 'playwright-core';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { contentEditor, openPostEditor, signInAsNewAdmin, typeAtEnd } from './support/admin-editor.ts';
import { seriousA11yViolations } from './support/axe.ts';
import { type Browser, launchBrowser } from './support/browser.ts';
import { hydrated } from './support/public-pages.ts';
import { startProduct } from './support/product.ts';

const YOUTUBE = 'https://www.youtube.com/watch?v=dQw4w9WgXcQ';
const VIMEO = 'https://vimeo.com/76979871';

/**
 * Embed and gallery cards in Chromium against the built product: a writer adds them with mouse and
 * keyboard, saves, reloads and gets the same document; readers get a placeholder that asks the
 * provider nothing until its button is clicked, and a gallery grid with a lightbox (a plain link to
 * each full image without script); nothing is wider than a 390 px phone.
 */
describe('embed and gallery cards', () => {
  let product: TestApi;
  let browser: Browser;
  let withoutScript: Browser;
  let base: string;
  const pngs: Buffer[] = [];
  beforeAll(async () => {
    product = await startProduct();
    [browser, withoutScript] = await Promise.all([
      launchBrowser(),
      launchBrowser({ javaScriptEnabled: false }),
    ]);
    base = `http://127.0.0.1:${product.port}`;
    for (const [index, background] of ['#27ae60', '#2980b9', '#c0392b'].entries()) {
      pngs.push(
        await sharp({ create: { width: 800 + index * 100, height: 600, channels: 3, background } })
          .png()
          .toBuffer(),
      );
    }
  });
  afterAll(async () => {
    await browser?.close();
    await withoutScript?.close();
    await product?.close();
  });

  const publishedPost = async () =>
    buildPost({ published: true, categories: [await buildCategory()], content: '<p>Początek.</p>' });

  /** The editor's HTML, from its instance on the editing element. */
  const editorHtml = (page: Page) =>
    contentEditor(page).evaluate((element) =>
      (element as HTMLElement & { editor: { getHTML(): string } }).editor.getHTML(),
    );

  const save = async (page: Page) => {
    await page.keyboard.press('Control+s');
    await page.getByText('Post zaktualizowany').first().waitFor();
    await page.getByRole('heading', { name: 'Wszystkie posty', level: 1 }).waitFor();
  };

  /** Pastes plain text at the caret, as the browser does. */
  const pasteText = (page: Page, text: string) =>
    contentEditor(page).evaluate((element, value) => {
      const data = new DataTransfer();
      data.setData('text/plain', value);
      element.dispatchEvent(
        new ClipboardEvent('paste', { clipboardData: data, bubbles: true, cancelable: true }),
      );
    }, text);

  it('embeds: pasted on an empty line and through „Osadź” (keyboard), saved, reloaded unchanged', async () => {
    const post = await publishedPost();
    const page = await signInAsNewAdmin(browser, base);
    const errors: string[] = [];
    page.on('pageerror', (error) => errors.push(error.message));
    await openPostEditor(page, base, post.id);
    await typeAtEnd(page, ' koniec');
    await page.keyboard.press('Enter');
    await pasteText(page, YOUTUBE);
    const youtubeCard = contentEditor(page).getByRole('group', { name: 'Osadzenie: YouTube' });
    await youtubeCard.waitFor();
    expect(await youtubeCard.getByLabel('Tytuł osadzenia').inputValue()).toBe(`YouTube — ${YOUTUBE}`);
    // Pasted into text, an address stays text. The click may select the card: Ctrl+End still
    // leaves it, and the paste is an undo step of its own (typed within the same half second).
    await typeAtEnd(page, 'Zobacz');
    await pasteText(page, VIMEO);
    expect(await contentEditor(page).getByRole('group', { name: 'Osadzenie: Vimeo' }).count()).toBe(0);
    expect(await editorHtml(page)).toContain(
      `Zobacz<a target="_blank" rel="noopener noreferrer" href="${VIMEO}">`,
    );
    await page.keyboard.press('Control+z');
    expect(await editorHtml(page)).toMatch(
      /data-provider="youtube">.*<p style="text-align: left;">Zobacz<\/p>$/,
    );

    // „Osadź” from the keyboard: the toolbar is one Tab stop, End and arrows move.
    const osadz = page.getByRole('button', { name: 'Osadź' });
    await osadz.focus();
    await page.keyboard.press('Enter');
    const dialog = page.getByRole('dialog', { name: 'Osadź' });
    await dialog.waitFor();
    await page.keyboard.type('https://example.com/film');
    await page.keyboard.press('Enter');
    await dialog
      .getByText(
        /Tego adresu nie da się osadzić\. Obsługujemy: YouTube, Vimeo, X \(Twitter\), Spotify, SoundCloud i CodePen\./,
      )
      .waitFor();
    await page.waitForLoadState('networkidle');
    expect(await seriousA11yViolations(page)).toEqual([]);
    await dialog.getByLabel('Adres').fill(VIMEO);
    await dialog.getByLabel('Tytuł (opcjonalnie)').fill('Krótki film');
    await dialog.getByLabel('Tytuł (opcjonalnie)').press('Enter');
    await dialog.waitFor({ state: 'detached' });
    const vimeoCard = contentEditor(page).getByRole('group', { name: 'Osadzenie: Vimeo' });
    await vimeoCard.waitFor();
    // The title edited in the card.
    await youtubeCard.getByLabel('Tytuł osadzenia').fill('Film o Tatrach');
    await youtubeCard.getByLabel('Tytuł osadzenia').press('Enter');
    // No player in the editor either.
    expect(await contentEditor(page).locator('iframe').count()).toBe(0);
    const written = await editorHtml(page);
    expect(written).toContain(
      `<div class="embed-card" data-provider="youtube"><a target="_blank" rel="noopener noreferrer" href="${YOUTUBE}">Film o Tatrach</a></div>`,
    );
    expect(written).toContain(
      `<div class="embed-card" data-provider="vimeo"><a target="_blank" rel="noopener noreferrer" href="${VIMEO}">Krótki film</a></div>`,
    );
    await save(page);
    await openPostEditor(page, base, post.id);
    await vimeoCard.waitFor();
    expect(await editorHtml(page)).toBe(written);
    expect(errors).toEqual([]);
    await page.close();
  });

  it('embeds for a reader: nothing reaches a provider before the click, then only its player', async () => {
    const post = await buildPost({
      published: true,
      categories: [await buildCategory()],
      content: `<p>Początek.</p><div class="embed-card" data-provider="youtube"><a target="_blank" rel="noopener noreferrer" href="${YOUTUBE}">Film o Tatrach</a></div><div class="embed-card" data-provider="vimeo"><a target="_blank" rel="noopener noreferrer" href="${VIMEO}">Krótki film</a></div>`,
    });
    // A reader with script: nothing goes to a provider until the button is clicked.
    const reader = await browser.context.browser()!.newContext({ viewport: { width: 390, height: 844 } });
    const article = await reader.newPage();
    const requests: string[] = [];
    article.on('request', (request) => requests.push(request.url()));
    const player = embedOf(YOUTUBE)!.frameSrc;
    await article.route(`${new URL(player).origin}/**`, (route) =>
      route.fulfill({
        contentType: 'text/html',
        body: '<!doctype html><title>Odtwarzacz</title><p>Odtwarzacz</p>',
      }),
    );
    const response = await article.goto(`${base}/post/${post.slug}`);
    expect(response!.headers()['content-security-policy']).toContain(
      `frame-src ${EMBED_FRAME_ORIGINS.join(' ')}`,
    );
    await hydrated(article);
    await article.waitForLoadState('networkidle');
    const load = article.getByRole('button', { name: 'Wczytaj YouTube' });
    await load.waitFor();
    expect(requests.filter((url) => new URL(url).origin !== base)).toEqual([]);
    expect((await reader.cookies()).filter((cookie) => !base.includes(cookie.domain))).toEqual([]);
    const card = article.locator('.embed-card[data-provider="youtube"]');
    expect(await card.getByRole('link', { name: /Film o Tatrach/ }).getAttribute('href')).toBe(YOUTUBE);
    await card.getByText('Odtwarzacz wczyta treść z serwisu YouTube.').waitFor();
    const before = await card.boundingBox();
    const boxInDocument = () =>
      card.evaluate((element) => {
        const box = element.getBoundingClientRect();
        return { top: box.top + window.scrollY, width: box.width, height: box.height };
      });
    const placeholder = await boxInDocument();
    expect(before!.width).toBeLessThanOrEqual(390);
    expect(before!.width / before!.height).toBeCloseTo(16 / 9, 1);
    expect(await article.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
    expect(await seriousA11yViolations(article)).toEqual([]);

    await load.click();
    const frame = card.locator('iframe');
    await frame.waitFor();
    expect(await frame.getAttribute('src')).toBe(player);
    expect(await frame.getAttribute('sandbox')).toBe(
      'allow-scripts allow-same-origin allow-presentation allow-popups',
    );
    expect(await frame.getAttribute('referrerpolicy')).toBe('strict-origin-when-cross-origin');
    expect(await frame.getAttribute('loading')).toBe('lazy');
    expect(await frame.getAttribute('title')).toBe('Film o Tatrach');
    await expect.poll(() => requests.filter((url) => new URL(url).origin !== base).length).toBeGreaterThan(0);
    expect(
      new Set(requests.filter((url) => new URL(url).origin !== base).map((url) => new URL(url).origin)),
    ).toEqual(new Set([new URL(player).origin]));
    // No layout shift: the player takes the placeholder's box (measured in the document, the page may scroll).
    expect(await boxInDocument()).toEqual(placeholder);
    // The Vimeo card was not touched.
    expect(await article.locator('.embed-card[data-provider="vimeo"] iframe').count()).toBe(0);
    await reader.close();

    // Without script: the placeholder and its link, nothing else.
    const plain = await withoutScript.context.newPage();
    await plain.goto(`${base}/post/${post.slug}`);
    const link = plain.locator('article .embed-card[data-provider="vimeo"] > a');
    expect(await link.getAttribute('href')).toBe(VIMEO);
    expect(await link.textContent()).toBe('Krótki film');
    expect(await plain.locator('article iframe, article .embed-card button').count()).toBe(0);
    await plain.close();
  }, 180_000);

  it('a gallery: images picked and described, reordered, removed and added (mouse and keyboard), saved, shown in a grid with a lightbox', async () => {
    const post = await publishedPost();
    const page = await signInAsNewAdmin(browser, base);
    const errors: string[] = [];
    page.on('pageerror', (error) => errors.push(error.message));
    await openPostEditor(page, base, post.id);
    await typeAtEnd(page, '');

    const pick = async (button: ReturnType<Page['getByRole']>, files: number[], viaKeyboard = false) => {
      const chooser = page.waitForEvent('filechooser');
      if (viaKeyboard) {
        await button.focus();
        await page.keyboard.press('Enter');
      } else {
        await button.click();
      }
      await (
        await chooser
      ).setFiles(
        files.map((index) => ({ name: `obraz-${index}.png`, mimeType: 'image/png', buffer: pngs[index]! })),
      );
    };
    const describeNext = async (alt: string, caption = '') => {
      const dialog = page.getByRole('dialog', { name: 'Wstaw obraz' });
      await dialog.getByLabel('Tekst alternatywny').fill(alt);
      if (caption) await dialog.getByLabel('Podpis (opcjonalnie)').fill(caption);
      await dialog.getByRole('button', { name: 'Wstaw obraz' }).click();
      // Uploaded: the next image's dialog (its fields empty) or none.
      await expect
        .poll(
          async () =>
            (await dialog.count()) === 0 ||
            (await dialog
              .getByLabel('Tekst alternatywny')
              .inputValue({ timeout: 1000 })
              .catch(() => alt)) === '',
          { timeout: 15_000 },
        )
        .toBe(true);
    };

    // One image is no gallery.
    await pick(page.getByRole('button', { name: 'Galeria' }), [0]);
    await page.getByText('Galeria ma od 2 do 9 obrazów.').waitFor();
    await pick(page.getByRole('button', { name: 'Galeria' }), [0, 1, 2], true);
    await describeNext('Zielony', 'Pierwszy');
    await describeNext('Niebieski');
    await describeNext('Czerwony', 'Trzeci');
    const gallery = contentEditor(page).getByRole('group', { name: 'Galeria' });
    await gallery.waitFor();
    const alts = () =>
      gallery.locator('li img').evaluateAll((images) => images.map((image) => image.getAttribute('alt')));
    expect(await alts()).toEqual(['Zielony', 'Niebieski', 'Czerwony']);
    // Reorder with the mouse, remove with the keyboard.
    await gallery.getByRole('button', { name: 'Przesuń obraz 1 w prawo' }).click();
    expect(await alts()).toEqual(['Niebieski', 'Zielony', 'Czerwony']);
    await gallery.getByRole('button', { name: 'Usuń obraz 3' }).focus();
    await page.keyboard.press('Enter');
    expect(await alts()).toEqual(['Niebieski', 'Zielony']);
    // At two images none can be removed.
    expect(await gallery.getByRole('button', { name: 'Usuń obraz 1' }).isDisabled()).toBe(true);
    await pick(gallery.getByRole('button', { name: 'Dodaj obrazy' }), [2]);
    await describeNext('Czerwony', 'Trzeci');
    await expect.poll(alts).toEqual(['Niebieski', 'Zielony', 'Czerwony']);
    await gallery.getByLabel('Podpis obrazu 1 (opcjonalnie)').fill('Niebo');
    await gallery.getByLabel('Podpis obrazu 1 (opcjonalnie)').press('Tab');
    await page.waitForLoadState('networkidle');
    expect(await seriousA11yViolations(page)).toEqual([]);

    const written = await editorHtml(page);
    expect(written).toMatch(
      /<div class="gallery-card">(<figure><a target="_self" rel="noopener noreferrer" href="\/api\/images\/[a-f0-9]{32}-[0-9]+w\.webp"><img [^>]+><\/a>(<figcaption>[^<]+<\/figcaption>)?<\/figure>){3}<\/div>/,
    );
    await save(page);
    await openPostEditor(page, base, post.id);
    await gallery.waitFor();
    expect(await editorHtml(page)).toBe(written);
    expect(errors).toEqual([]);
    await page.close();

    // A reader with script, on a phone: one column, nothing wider than the screen, the lightbox.
    const reader = await browser.context.browser()!.newContext({ viewport: { width: 390, height: 844 } });
    const article = await reader.newPage();
    await article.goto(`${base}/post/${post.slug}`);
    await hydrated(article);
    const card = article.locator('article .gallery-card');
    const links = card.locator('figure > a');
    expect(await links.count()).toBe(3);
    for (const img of await card.locator('img').all()) {
      expect(await img.getAttribute('srcset')).toMatch(/^\/api\/images\/[a-f0-9]{32}-480w\.webp 480w/);
      expect(Number(await img.getAttribute('width'))).toBeGreaterThan(0);
      expect(Number(await img.getAttribute('height'))).toBe(600);
    }
    const boxes = await card
      .locator('figure')
      .evaluateAll((figures) => figures.map((figure) => figure.getBoundingClientRect().left));
    expect(new Set(boxes).size).toBe(1);
    expect(await article.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
    await article.waitForLoadState('networkidle');
    expect(await seriousA11yViolations(article)).toEqual([]);

    await links.nth(0).focus();
    await article.keyboard.press('Enter');
    const lightbox = article.getByRole('dialog', { name: 'Galeria' });
    await lightbox.waitFor();
    const full = lightbox.locator('img');
    expect(await full.getAttribute('alt')).toBe('Niebieski');
    expect(await full.getAttribute('src')).toBe(await links.nth(0).getAttribute('href'));
    await lightbox.getByText('Niebo').waitFor();
    await article.keyboard.press('ArrowRight');
    await lightbox.getByText('2 z 3').waitFor();
    expect(await full.getAttribute('alt')).toBe('Zielony');
    await article.keyboard.press('ArrowLeft');
    await article.keyboard.press('ArrowLeft');
    await lightbox.getByText('3 z 3').waitFor();
    expect(await seriousA11yViolations(article)).toEqual([]);
    await article.keyboard.press('Escape');
    await lightbox.waitFor({ state: 'hidden' });
    expect(await links.nth(2).evaluate((link) => link === document.activeElement)).toBe(true);
    // A click opens it too; its close button closes it.
    await links.nth(1).click();
    await lightbox.getByText('2 z 3').waitFor();
    await lightbox.getByRole('button', { name: 'Zamknij' }).click();
    await lightbox.waitFor({ state: 'hidden' });
    expect(await links.nth(1).evaluate((link) => link === document.activeElement)).toBe(true);
    await reader.close();

    // On a wide screen: three columns.
    const wide = await browser.context.browser()!.newContext({ viewport: { width: 1280, height: 900 } });
    const widePage = await wide.newPage();
    await widePage.goto(`${base}/post/${post.slug}`);
    const columns = await widePage
      .locator('article .gallery-card figure')
      .evaluateAll((figures) => new Set(figures.map((figure) => figure.getBoundingClientRect().left)).size);
    expect(columns).toBe(3);
    await wide.close();

    // Without script: each image is a link to its full size.
    const plain = await withoutScript.context.newPage();
    await plain.goto(`${base}/post/${post.slug}`);
    const first = plain.locator('article .gallery-card figure > a').first();
    const href = await first.getAttribute('href');
    expect(href).toBe(await first.locator('img').getAttribute('src'));
    await first.click();
    await plain.waitForURL(`${base}${href}`);
    await plain.close();
  }, 180_000);
});
